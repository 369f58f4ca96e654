// Media on local disk: one file per key in one folder (DATA_DIR/uploads/media by default). The
// content type is read back from the key's extension, which media.service.ts chose from the bytes.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from './media-storage.ts';

const TYPE_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.avi': 'video/x-msvideo',
  '.flv': 'video/x-flv',
  '.wmv': 'video/x-ms-wmv',
};

const typeOf = (key: string) => TYPE_BY_EXTENSION[path.extname(key)] ?? 'application/octet-stream';

export function createDiskStorage(dir: string): MediaStorage {
  const root = path.resolve(dir);
  // A second line of defence behind MEDIA_KEY_RE: a key is one file name inside the folder.
  const fileOf = (key: string) => {
    if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(key) || key.includes('..')) throw new Error('Invalid media key');
    return path.join(root, key);
  };
  let ready: Promise<unknown> | undefined;

  return {
    kind: 'disk',
    async put(key, body) {
      const file = fileOf(key);
      ready ??= mkdir(root, { recursive: true });
      await ready;
      // Written aside and renamed into place: a reader never sees half a file, even after a crash.
      const temporary = `${file}.${process.pid}.${Date.now()}.part`;
      try {
        await writeFile(temporary, body);
        await rename(temporary, file);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: range ? createReadStream(file, { start: range.start, end: range.end }) : createReadStream(file),
        contentType: typeOf(key),
        bytes: range ? range.end - range.start + 1 : info.size,
      };
    },
    async head(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() ? { contentType: typeOf(key), bytes: info.size } : null;
    },
    async has(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return Boolean(info?.isFile());
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
