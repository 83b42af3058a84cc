import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

/**
 * Reads the single uploaded file of a multipart request (field `file`), within the registered size limit or a
 * smaller one of the route's (`maxBytes`).
 */
export async function readUpload(
  request: FastifyRequest,
  opts: { maxBytes?: number } = {},
): Promise<{ filename: string; data: Buffer }> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
  const part = await request.file(opts.maxBytes ? { limits: { fileSize: opts.maxBytes } } : undefined);
  if (!part || part.fieldname !== 'file')
    throw badRequest('file_missing', 'No file in the field "file"', [
      { field: 'file', message: 'required', code: 'required' },
    ]);
  try {
    return { filename: part.filename, data: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'payload_too_large', 'The file is too large');
    }
    throw err;
  }
}

const SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  [
    'image/webp',
    (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
];

/** The image type from the file's first bytes, whatever its name or declared type claims. */
export function sniffImage(data: Buffer): string | undefined {
  return SIGNATURES.find(([, test]) => test(data))?.[0];
}
