/**
 * A module loaded the first time it is needed, and then kept: the SDKs a deployment may not use
 * (Twilio, Stripe, S3, SMTP, the image and PDF tools) stay out of the app's start-up, which each
 * process, CLI command and test file pays. A failed load is tried again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
