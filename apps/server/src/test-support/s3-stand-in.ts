import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the stand-in keeps its objects (to check that nothing was left behind). */
  directory: string;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server for the media-storage tests (s3rver, pure JS),
 * on loopback port 0 with one empty bucket; its files in a fresh temp folder.
 */
export async function startS3StandIn(bucket = 'media'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(tmpdir(), 'kontora-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's fixed development credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
