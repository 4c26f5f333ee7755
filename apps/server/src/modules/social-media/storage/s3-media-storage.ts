import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertMediaKey, MediaNotStoredError, type MediaStorage } from './media-storage.ts';

export interface S3MediaConfig {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/**
 * Media in an S3-compatible bucket (AWS, MinIO, Ceph, R2…). Uploads stream as
 * a multipart upload of 5 MB parts, at most two in flight, so memory stays
 * flat whatever the file's size; a failed upload is aborted (no parts remain).
 * Path-style addressing, which every S3-compatible server answers.
 */
export class S3MediaStorage implements MediaStorage {
  private readonly client: S3Client;
  private readonly config: S3MediaConfig;

  constructor(config: S3MediaConfig) {
    this.config = config;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, stream: Readable, contentType: string): Promise<{ size: number }> {
    assertMediaKey(key);
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: key, Body: stream, ContentType: contentType },
      partSize: 5 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // The source broke (refused or cut off): make sure nothing is left under the key.
      await this.delete(key).catch(() => {});
      throw err;
    }
    return { size };
  }

  async get(key: string): Promise<Readable> {
    assertMediaKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!answer.Body) throw new MediaNotStoredError(key);
      return answer.Body as Readable;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey')
        throw new MediaNotStoredError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
