/** Sends the whole page to the payment provider's page (our sandbox, or Paystack in production). */
export const paymentRedirect = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
