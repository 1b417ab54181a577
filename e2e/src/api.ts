/** The password of every demo account that `npm start` seeds. */
export const DEMO_PASSWORD = 'reloop-demo';

/** The test payment provider's card that always goes through. */
export const TEST_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

/** Talks to a running Reloop API as a client would, to set up and check what journeys need. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  async request<T>(method: string, path: string, body?: unknown, token = this.token): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Signs in with email and password and returns a client holding the API token. */
  async signIn(email: string, password: string): Promise<ApiClient> {
    const { idToken } = await this.request<{ idToken: string }>('POST', '/auth/signin', {
      email,
      password,
    });
    const { token } = await this.request<{ token: string }>(
      'POST',
      '/jwtgenerate',
      { email },
      idToken,
    );
    return new ApiClient(this.baseUrl, token);
  }

  /**
   * Pays one of this buyer's bookings as the payment page does with the test provider: an intent
   * for the booking, confirmed with `TEST_CARD`, then the order recorded.
   */
  async payWithTestCard(booking: { _id: string; productId: string }): Promise<void> {
    const { clientSecret } = await this.request<{ clientSecret: string }>(
      'POST',
      '/create-payment-intent',
      { bookingId: booking._id },
    );
    const { paymentIntent } = await this.request<{ paymentIntent: { id: string } }>(
      'POST',
      '/payments/test/confirm',
      {
        clientSecret,
        card: TEST_CARD,
        billingDetails: { name: 'Reloop buyer', email: 'buyer@example.com' },
      },
    );
    await this.request('POST', '/orders', {
      paymentId: paymentIntent.id,
      bookingId: booking._id,
      productId: booking.productId,
    });
  }
}
