import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** The environment that points Reloop at this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's fixed credentials: it checks signatures, so they must match. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/** An S3-compatible server on loopback with one empty bucket, its objects in a temporary folder. */
export async function startTestS3(bucket = 'reloop-images'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'reloop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      ...CREDENTIALS,
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
