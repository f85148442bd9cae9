import { AppError } from '@erp/domain';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { fileNotSent } from '../../imports/read-table.ts';

/** Largest image (company logo, item image) an upload may hold. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * The one image of a multipart upload (field "file"): refused when missing, over 2 MB, or not a
 * PNG, JPEG or WebP by its bytes (the declared type is not trusted). `typeMessage` names what the
 * image is for in the refusal.
 */
export async function readImageUpload(
  request: FastifyRequest,
  typeMessage: string,
): Promise<{ data: Buffer; mime: string }> {
  const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  if (!part) throw fileNotSent();
  const data = await part.toBuffer();
  if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'Slika je veća od 2 MB');
  const sniffed = await fileTypeFromBuffer(data);
  if (!sniffed || !IMAGE_TYPES.has(sniffed.mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', typeMessage);
  return { data, mime: sniffed.mime };
}
