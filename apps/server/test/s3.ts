import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A real S3-compatible server (s3rver) in a temporary folder, for the storage and several-server
// tests. s3rver accepts the fixed credentials S3RVER/S3RVER; the SDK reads them from the standard
// AWS variables, exactly as a real deployment does.

export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestS3 {
  /** The STORAGE_URL of the bucket. */
  url: string;
  bucket: string;
  dir: string;
  close: () => Promise<void>;
}

export async function startS3(bucket = 'wellbe'): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-test-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  return {
    url: `s3://${bucket}?endpoint=http://127.0.0.1:${port}&region=eu-west-3`,
    bucket,
    dir,
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
