import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect issuer (oidc-provider) on loopback. Its login screen is replaced by an
 * automatic one: whoever `signInAs` names is signed in and consents.
 */
export interface TestAccount {
  sub: string;
  email: string;
  name?: string;
  picture?: string;
  /** Whether the issuer vouches for the email (default true, as Google does for Gmail). */
  email_verified?: boolean;
}

export interface TestIssuer {
  url: string;
  clientId: string;
  clientSecret: string;
  signInAs(account: TestAccount): void;
  /** Seconds an authorization code stays valid (default 60). */
  setCodeLifetime(seconds: number): void;
  close(): Promise<void>;
}

export async function startTestIssuer(redirectUri: string): Promise<TestIssuer> {
  let account: TestAccount | undefined;
  let codeLifetime = 60;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const minutes = (count: number) => () => count * 60;
  const provider = new Provider(url, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    clients: [
      {
        client_id: 'reloop',
        client_secret: 'reloop-test-client-secret',
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    findAccount: (_context, sub) =>
      account && account.sub === sub
        ? { accountId: sub, claims: () => ({ email_verified: true, ...account, sub }) }
        : undefined,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: () => codeLifetime,
      AccessToken: minutes(10),
      IdToken: minutes(10),
      Interaction: minutes(10),
      Grant: minutes(10),
      Session: minutes(10),
    },
    cookies: { keys: ['reloop-test-issuer-cookie-key'] },
  });

  const handle = provider.callback();
  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/interaction/')) {
      handle(request, response);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      if (!account) throw new Error('signInAs was not called');
      const grant = new provider.Grant({
        accountId: account.sub,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  return {
    url,
    clientId: 'reloop',
    clientSecret: 'reloop-test-client-secret',
    signInAs: (next) => {
      account = next;
    },
    setCodeLifetime: (seconds) => {
      codeLifetime = seconds;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
