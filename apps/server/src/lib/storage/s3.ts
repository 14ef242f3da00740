import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageDriver } from './storage.ts';

export interface S3Location {
  bucket: string;
  endpoint?: string;
  region: string;
  /** Optional folder inside the bucket, from the URL's path (s3://bucket/prefix). */
  prefix: string;
}

/** `s3://bucket[/prefix]?endpoint=http://127.0.0.1:9000&region=eu-west-3`. */
export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname) throw new Error('STORAGE_URL doit être de la forme s3://bucket?endpoint=…&region=…');
  const prefix = parsed.pathname.replace(/^\/+|\/+$/g, '');
  return {
    bucket: parsed.hostname,
    endpoint: parsed.searchParams.get('endpoint') ?? undefined,
    region: parsed.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    prefix: prefix ? `${prefix}/` : '',
  };
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * S3-compatible object storage (AWS, MinIO, Garage, Scaleway…), shared by every app server.
 * Credentials come from the standard AWS variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, or a
 * profile or role) through the SDK's default chain. With an explicit endpoint the bucket goes in
 * the path (forcePathStyle): self-hosted stores rarely have per-bucket host names.
 */
export class S3Driver implements StorageDriver {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(readonly location: S3Location) {
    this.client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: Boolean(location.endpoint),
      // The SDK's default checksums send streamed bodies as aws-chunked with a trailer, which
      // several S3-compatible stores refuse; the content is verified by its sha256 name anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string): string {
    return this.location.prefix + key;
  }

  async commit(key: string, file: string, size: number): Promise<boolean> {
    if (await this.exists(key)) return false;
    // Multipart above the part size, one PUT below; a failed upload aborts its parts, so an
    // interrupted commit leaves no object.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key: this.key(key), Body: createReadStream(file), ContentLength: size },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
      leavePartsOnError: false,
    });
    await upload.done();
    return true;
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: this.key(key) }));
      return res.Body as Readable;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.key(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(key) }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  async modifiedAt(key: string): Promise<number | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(key) }));
      return res.LastModified?.getTime() ?? null;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: this.key(prefix), ContinuationToken: token }),
      );
      for (const item of res.Contents ?? []) if (item.Key) yield item.Key.slice(this.location.prefix.length);
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.location.bucket }));
  }
}
