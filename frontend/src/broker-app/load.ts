/**
 * The broker app, loaded in two steps: this small chunk first, then the app. The list of chunks the
 * app preloads lives here, not in the entry chunk every landing and client page loads.
 */
export const loadBrokerApp = () => import('./BrokerApp.tsx');
