import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import {
  IMMUTABLE,
  imageContentType,
  imageUrlFor,
  isImageName,
  type BucketImageStore,
  type StoredImage,
} from './storage.ts';

/**
 * Images in an S3-compatible bucket, shared by every instance. Credentials come the standard
 * AWS way: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, else the SDK's own chain (a profile,
 * the machine's role).
 */
export class S3ImageStore implements BucketImageStore {
  readonly kind = 's3';
  readonly #client: S3Client;
  readonly #bucket: string;
  /** Where browsers fetch objects directly; without it the API streams them. */
  readonly #publicUrl: string | undefined;

  constructor(config: S3Config) {
    this.#client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // S3-compatible servers differ in which optional checksums (and aws-chunked uploads) they
      // accept; integrity is TLS's and the upload's Content-Length, as before SDK 3.729.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.#bucket = config.bucket;
    this.#publicUrl = config.publicUrl;
  }

  /** Start-up fails in one line when the bucket cannot be reached with these settings. */
  async checkReachable(): Promise<this> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
      return this;
    } catch (error) {
      const reason = error instanceof S3ServiceException ? error.name : (error as Error).message;
      throw new Error(
        `S3 bucket "${this.#bucket}" is not reachable (${reason}); check S3_BUCKET, S3_ENDPOINT and the AWS credentials`,
        { cause: error },
      );
    }
  }

  async save(name: string, data: Buffer): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#keyOf(name),
        Body: data,
        ContentType: imageContentType(name),
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async has(name: string): Promise<boolean> {
    try {
      await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#keyOf(name) }),
      );
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  urlFor(name: string): string {
    return imageUrlFor(name);
  }

  publicUrlFor(name: string): string | undefined {
    return this.#publicUrl && `${this.#publicUrl}/${encodeURIComponent(name)}`;
  }

  async read(name: string): Promise<StoredImage | undefined> {
    if (!isImageName(name)) return undefined;
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: name }),
      );
      return {
        body: object.Body as StoredImage['body'],
        contentType: object.ContentType ?? imageContentType(name),
        contentLength: object.ContentLength,
        etag: object.ETag,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  #keyOf(name: string): string {
    if (!isImageName(name)) throw new Error(`unsafe image name: ${name}`);
    return name;
  }
}

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
