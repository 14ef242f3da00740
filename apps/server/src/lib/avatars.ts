import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES, AVATAR_SIZE, PROFILE_MESSAGES } from '@wellbe/shared/schemas/profile';
import { badRequest } from './errors.ts';
import type { Storage } from './storage/index.ts';

// Avatars: a square PNG thumbnail per owner (a user's profile photo, a contact's photo), in the file
// store under <folder>/<ownerId>/<key>.png.
//
// Why an unguessable URL and not the bearer token: an <img> cannot send an Authorization header.
// A short-lived signed query token would expire while a page stays open and defeat the browser
// cache; a cookie would bring CSRF concerns to the whole API. An avatar is a low-sensitivity,
// metadata-free thumbnail, so it is served by a capability URL: the path carries 128 random bits
// that change on every upload (the previous file is deleted, so an old URL stops working). Only
// people who were shown the user's photoURL by an authorised answer know it.

const KEY = /^[0-9a-f]{32}$/;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
/** Refuses decompression bombs: a 2 MB file may not claim more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;

function startsWith(bytes: Buffer, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

/** PNG or JPEG, decided by the bytes, never by the name or the declared type (DESIGN §4). */
export function imageKind(bytes: Buffer): 'png' | 'jpeg' | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/** The square thumbnail: oriented, cropped to the centre, re-encoded (which drops EXIF and GPS data). */
export async function makeThumbnail(bytes: Buffer): Promise<Buffer> {
  if (!imageKind(bytes)) throw badRequest(PROFILE_MESSAGES.avatarType, 'avatar_type');
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .png()
      .toBuffer();
  } catch {
    throw badRequest(PROFILE_MESSAGES.avatarUnreadable, 'avatar_unreadable');
  }
}

/**
 * A signature image for the documents' PDFs: checked by its bytes, oriented, at most 600 × 240
 * pixels, re-encoded as PNG (transparency kept, metadata dropped).
 */
export async function makeSignatureImage(bytes: Buffer): Promise<Buffer> {
  if (!imageKind(bytes)) throw badRequest(PROFILE_MESSAGES.avatarType, 'signature_type');
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().resize(600, 240, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    throw badRequest(PROFILE_MESSAGES.avatarUnreadable, 'signature_unreadable');
  }
}

/** Thumbnails in the file store (lib/storage) under <folder>/<ownerId>/<key>.png, served at <route>/<ownerId>/<key>.png. */
export class AvatarStore {
  constructor(
    private readonly storage: Storage,
    private readonly folder = 'avatars',
    private readonly route = '/api/profil/avatar',
  ) {}

  url(ownerId: string, key: string): string {
    return `${this.route}/${ownerId}/${key}.png`;
  }

  private path(ownerId: string, key: string): string {
    return `${this.folder}/${ownerId}/${key}.png`;
  }

  /** Writes the new thumbnail under a fresh key; returns the key. */
  async save(ownerId: string, png: Buffer): Promise<string> {
    const key = randomBytes(16).toString('hex');
    await this.storage.put(Readable.from([png]), AVATAR_MAX_BYTES, this.path(ownerId, key));
    return key;
  }

  /** Deletes every thumbnail of the owner but `keep` ('' deletes all): a replaced photo's URL stops working. */
  async prune(ownerId: string, keep: string): Promise<void> {
    const keepPath = keep ? this.path(ownerId, keep) : '';
    for await (const key of this.storage.list(`${this.folder}/${ownerId}/`)) {
      if (key !== keepPath) await this.storage.delete(key);
    }
  }

  /** The thumbnail as a stream, or null. The caller validated `ownerId` as a uuid; the key is checked here. */
  async read(ownerId: string, key: string): Promise<Readable | null> {
    if (!KEY.test(key)) return null;
    return this.storage.get(this.path(ownerId, key));
  }
}
