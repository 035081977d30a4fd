export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
export const PAYMENTS_UNAVAILABLE = 'Payments are unavailable right now: Stripe cannot be reached. Please try again in a few minutes.';

// SQLSTATEs of a database that is not there: connection exceptions (class 08), shutting down or
// refusing connections (57P01-57P03), too many connections, a database that does not exist.
const DATABASE_DOWN_STATES = /^(08...|57P0[123]|53300|3D000)$/;
// Socket errors, and the node-postgres pool's own words for a connection it lost or never got.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const POOL_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not currently accepting connections|Client has encountered a connection error|Connection is closed/i;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  type?: unknown;
  statusCode?: unknown;
}

/** The error and the errors it wraps (MikroORM's DriverException keeps the driver's error as its cause). */
function chain(error: unknown): ErrorLike[] {
  const errors: ErrorLike[] = [];
  for (let current = error; current && typeof current === 'object' && errors.length < 5; current = (current as ErrorLike).cause) {
    errors.push(current);
  }
  return errors;
}

function isDatabaseDown(error: ErrorLike): boolean {
  if (typeof error.code === 'string' && (DATABASE_DOWN_STATES.test(error.code) || NETWORK_CODES.has(error.code))) return true;
  return typeof error.message === 'string' && POOL_MESSAGES.test(error.message);
}

// Told by the SDK's error type, so that this module does not load the SDK.
function isStripeDown(error: ErrorLike): boolean {
  if (error.type === 'StripeConnectionError') return true;
  return error.type === 'StripeAPIError' && typeof error.statusCode === 'number' && error.statusCode >= 500;
}

/**
 * The message of a 503 when the error says that a service the request needs cannot be reached
 * (the database, Stripe), or undefined when it is some other failure. The request can be tried
 * again later as it was; the client's input was not at fault.
 */
export function unavailableMessage(error: unknown): string | undefined {
  const errors = chain(error);
  if (errors.some(isStripeDown)) return PAYMENTS_UNAVAILABLE;
  if (errors.some(isDatabaseDown)) return DATABASE_UNAVAILABLE;
  return undefined;
}
