// Sessions for many generated users at once, started the way sign-in starts one: a row in
// `sessions`, and a token naming it, signed with the server's JWT_SECRET. Signing thousands of
// users in through the API would take minutes: it hashes each password (scrypt, slow on
// purpose) and allows an address 30 sign-ins a minute.
import { TokenService } from '../../apps/api/src/identity/tokens.ts';
import { withClient } from './database.ts';

/** A bearer token for each of `userIds`, valid on a server that signs with `jwtSecret`. */
export async function mintSessions(
  sqlUrl: string,
  userIds: string[],
  jwtSecret: string,
): Promise<string[]> {
  const { rows: sessions } = await withClient(sqlUrl, (client) =>
    client.query<{ id: string; user_id: string }>(
      'insert into sessions (user_id) select unnest($1::uuid[]) returning id, user_id',
      [userIds],
    ),
  );
  const tokens = new TokenService(jwtSecret);
  return Promise.all(
    sessions.map((session) => tokens.issue({ userId: session.user_id, sessionId: session.id })),
  );
}
