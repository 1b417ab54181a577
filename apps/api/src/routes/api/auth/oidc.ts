import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uiMessages } from '@reloop/shared/messages';
import {
  EmailTakenError,
  createAccount,
  findActiveUserByEmail,
  startSession,
  type UserRow,
} from '../../../identity/accounts.ts';
import type { OidcSignIn } from '../../../identity/oidc.ts';
import { OidcError, type OidcProfile } from '../../../identity/oidc.ts';
import type { Database } from '../../../db/client.ts';
import { registerUser } from '../../../users/users.ts';
import { servedOverHttps } from '../../../config.ts';
import { errorResponses, publicAccess, redirect } from '../responses.ts';

/**
 * Google sign-in (any OIDC issuer), when OIDC_* is configured. /start sends the browser to the
 * issuer; /callback signs the user in (a first visit creates a buyer) and hands the web app a
 * sign-in token in the URL fragment — never in a query string, so it stays out of logs. The
 * fragment also carries back the `state` the web app started with: the web app accepts the
 * token only in the browser that holds that state, so a link with someone else's token (login
 * CSRF) signs nobody in.
 */
const COOKIE = 'reloop_oidc';
const COOKIE_PATH = '/api/auth/oidc';

// Only a path of this app: never another origin, never a protocol-relative "//host".
const returnToSchema = z
  .string()
  .regex(/^\/(?![/\\])/)
  .max(2000)
  .catch('/');

// The web app's random state (≥ 128 bits, base64url): malformed is a 400, never a default.
const browserStateSchema = z
  .string()
  .regex(/^[\w-]{22,128}$/, 'must be 22 to 128 characters of base64url (a random state)');

const oidcRoutes: FastifyPluginAsyncZod<{ settings: OidcSignIn }> = async (app, { settings }) => {
  // Without PUBLIC_URL the address comes from the Host header, which may name no host at all.
  const baseUrl = (request: { protocol: string; host: string }) => {
    const base = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    if (!URL.canParse(base)) throw new OidcError('the request names no usable host');
    return base;
  };
  const secure = servedOverHttps(app.config) ? '; Secure' : '';

  app.get(
    '/auth/oidc/start',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'startOidcSignIn',
        tags: ['identity'],
        summary: 'Sign in with Google (OIDC): redirects to the issuer',
        security: publicAccess,
        querystring: z.object({
          returnTo: returnToSchema.optional(),
          state: browserStateSchema,
        }),
        response: {
          302: redirect("To the issuer's sign-in page, or to /login when sign-in is unavailable"),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      try {
        const redirectUri = `${baseUrl(request)}/api/auth/oidc/callback`;
        const { url, pending } = await settings.start(redirectUri, {
          returnTo: request.query.returnTo ?? '/',
          browserState: request.query.state,
        });
        reply.header(
          'set-cookie',
          `${COOKIE}=${pending}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=600${secure}`,
        );
        return reply.redirect(url);
      } catch (error) {
        return refuseSignIn(request, reply, error);
      }
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      schema: {
        operationId: 'finishOidcSignIn',
        tags: ['identity'],
        summary: 'Where the issuer returns; redirects to the web app signed in, or to /login',
        security: publicAccess,
        response: {
          302: redirect(
            'To /auth/callback with a sign-in token in the fragment, or to /login when refused',
          ),
        },
      },
    },
    async (request, reply) => {
      reply.header('set-cookie', `${COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; Max-Age=0${secure}`);
      try {
        const { profile, returnTo, browserState } = await settings.finish(
          new URL(request.url, baseUrl(request)),
          readCookie(request.headers.cookie, COOKIE),
        );
        const user = await userFor(app.db, profile);
        const idToken = await app.tokens.issue({
          userId: user.id,
          sessionId: await startSession(app.db, user.id),
        });
        const fragment = new URLSearchParams({ idToken, returnTo, state: browserState });
        return reply.redirect(`/auth/callback#${fragment.toString()}`);
      } catch (error) {
        return refuseSignIn(request, reply, error);
      }
    },
  );
};

/** A sign-in that cannot go on ends on the login page, which says so; anything else is a bug. */
function refuseSignIn(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof OidcError)) throw error;
  request.log.warn({ reason: error.message }, 'OIDC sign-in refused');
  return reply.redirect('/login?signin_error=failed');
}

/**
 * The account for this email: the live one signs in; a first visit creates a buyer with the
 * issuer's name and picture, as does the first visit after the email's account was deleted
 * (that account stays deleted, exactly as when the email signs up with a password).
 */
async function userFor(db: Database, profile: OidcProfile): Promise<UserRow> {
  const existing = await findActiveUserByEmail(db, profile.email);
  if (existing) return existing;
  try {
    const user = await createAccount(db, {
      email: profile.email,
      passwordHash: null,
      name: profile.name || uiMessages.displayNameFallback,
      image: profile.picture,
      // The issuer vouched for the address (OidcSignIn refuses one it did not verify).
      emailVerified: true,
    });
    await registerUser(db, user, { role: 'buyer' });
    return { ...user, role: 'buyer' };
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    // A first sign-in running at the same time created the account.
    const created = await findActiveUserByEmail(db, profile.email);
    if (!created) throw new OidcError('the account was created and deleted meanwhile');
    return created;
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export default oidcRoutes;
