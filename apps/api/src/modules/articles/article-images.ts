import { eq } from 'drizzle-orm';
import { ZArticle, ZIdParams, ZOk } from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { withTenant, type Db, type Tx } from '../../db/client';
import { callerTenant } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import { readUpload, sniffImage } from '../../platform/uploads';
import { logActivity } from '../../platform/activity-log';
import { articleImages, articles } from './articles.schema';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const THUMBNAIL_SIZE = 240;

const unsupported = () =>
  new AppError(415, 'unsupported_image', 'Send a PNG, JPEG, WebP or GIF image', [
    { field: 'file', message: 'unsupported image', code: 'invalid' },
  ]);

async function thumbnailOf(data: Buffer): Promise<Buffer> {
  try {
    return await sharp(data)
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    // The signature matched but the picture does not decode.
    throw unsupported();
  }
}

export function articleImageRoutes(
  db: Db,
  findArticle: (tx: Tx, tenantId: number, id: number) => Promise<unknown>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const write = app.requirePermission('articles.write');
    const read = app.requirePermission('articles.read');

    app.post(
      '/articles/:id/image',
      {
        schema: {
          tags: ['articles'],
          params: ZIdParams,
          consumes: ['multipart/form-data'],
          response: { 200: ZArticle },
        },
        preHandler: write,
      },
      async (req) => {
        const tenantId = callerTenant(req.auth);
        const { data } = await readUpload(req);
        if (data.length > IMAGE_MAX_BYTES) throw new AppError(413, 'payload_too_large', 'An image may not exceed 5 MB');
        const mime = sniffImage(data);
        if (!mime) throw unsupported();
        const thumbnail = await thumbnailOf(data);
        return withTenant(db, tenantId, async (tx) => {
          const [article] = await tx
            .select({ id: articles.id, reference: articles.reference })
            .from(articles)
            .where(eq(articles.id, req.params.id));
          if (!article) throw notFound('article');
          await tx
            .insert(articleImages)
            .values({ articleId: article.id, tenantId, mime, data, thumbnail })
            .onConflictDoUpdate({
              target: articleImages.articleId,
              set: { mime, data, thumbnail, updatedAt: new Date() },
            });
          await tx.update(articles).set({ updatedAt: new Date() }).where(eq(articles.id, article.id));
          await logActivity(tx, {
            tenantId,
            userId: req.auth.userId,
            entity: 'article',
            entityId: article.id,
            action: 'updated',
            summary: article.reference,
            changes: [{ field: 'image', from: null, to: mime }],
          });
          return findArticle(tx, tenantId, article.id) as never;
        });
      },
    );

    for (const variant of ['image', 'image/thumbnail'] as const) {
      app.get(
        `/articles/:id/${variant}`,
        { schema: { tags: ['articles'], params: ZIdParams }, preHandler: read },
        async (req, reply) => {
          const [image] = await withTenant(db, callerTenant(req.auth), (tx) =>
            tx.select().from(articleImages).where(eq(articleImages.articleId, req.params.id)),
          );
          if (!image) throw notFound('image');
          const body = variant === 'image' ? image.data : image.thumbnail;
          return reply
            .type(variant === 'image' ? image.mime : 'image/webp')
            .header('cache-control', 'private, max-age=60')
            .header('x-content-type-options', 'nosniff')
            .send(body);
        },
      );
    }

    app.delete(
      '/articles/:id/image',
      { schema: { tags: ['articles'], params: ZIdParams, response: { 200: ZOk } }, preHandler: write },
      async (req) => {
        const deleted = await withTenant(db, callerTenant(req.auth), (tx) =>
          tx
            .delete(articleImages)
            .where(eq(articleImages.articleId, req.params.id))
            .returning({ id: articleImages.articleId }),
        );
        if (deleted.length === 0) throw notFound('image');
        return { ok: true as const };
      },
    );
  };
}
