/** Leaves the app for a payment page (Stripe Checkout or the billing portal). */
export function goToExternal(url: string): void {
  window.location.assign(url);
}
