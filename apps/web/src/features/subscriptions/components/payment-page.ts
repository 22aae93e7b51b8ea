/** Sends the whole page to the payment provider's page. */
export const paymentPage = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
