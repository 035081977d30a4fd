/**
 * react-admin's own pages for an authentication error, a denied access and a crash. Rarely shown,
 * so BrokerApp loads them on demand rather than with react-admin's <Admin>, whose other defaults
 * (a layout, a login form and its forms library) this app does not use.
 */
export { AccessDenied, AuthenticationError, Error } from 'react-admin';
