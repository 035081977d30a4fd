import { fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

/** Every call carries the session cookie. */
const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'include' });

export const dataProvider = simpleRestProvider('/api', httpClient);
