import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Env } from '../env.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './data-dir.ts';

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/** Where uploaded files live: `DATA_DIR/uploads` by default, an S3-compatible bucket when configured. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key ${key}`);
}

function localStorage(root: string): Storage {
  return {
    async put(key, data, contentType) {
      assertKey(key);
      const path = join(root, key);
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
      await writeFile(path, data, { mode: PRIVATE_FILE_MODE });
      await writeFile(`${path}.type`, contentType, { mode: PRIVATE_FILE_MODE });
    },
    async get(key) {
      assertKey(key);
      try {
        const path = join(root, key);
        return { data: await readFile(path), contentType: (await readFile(`${path}.type`, 'utf8')).trim() };
      } catch {
        return null;
      }
    },
    async delete(key) {
      assertKey(key);
      await rm(join(root, key), { force: true });
      await rm(join(root, `${key}.type`), { force: true });
    },
  };
}

function s3Storage(env: Env): Storage {
  const region = env.S3_REGION ?? 'us-east-1';
  const endpoint = (env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  const aws = new AwsClient({
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    region,
    service: 's3',
  });
  const url = (key: string) => `${endpoint}/${env.S3_BUCKET}/${key}`;
  return {
    async put(key, data, contentType) {
      assertKey(key);
      const res = await aws.fetch(url(key), { method: 'PUT', body: data, headers: { 'Content-Type': contentType } });
      if (!res.ok) throw new Error(`S3 PUT ${key} answered ${res.status}`);
    },
    async get(key) {
      assertKey(key);
      const res = await aws.fetch(url(key));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key} answered ${res.status}`);
      return {
        data: Buffer.from(await res.arrayBuffer()),
        contentType: res.headers.get('Content-Type') ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      assertKey(key);
      const res = await aws.fetch(url(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} answered ${res.status}`);
    },
  };
}

export function createStorage(env: Env): Storage {
  return env.S3_BUCKET ? s3Storage(env) : localStorage(join(env.DATA_DIR, 'uploads'));
}
