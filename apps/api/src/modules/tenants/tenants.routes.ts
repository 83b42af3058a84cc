import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listOf,
  ZIdParams,
  ZListQuery,
  ZPlatformUser,
  ZPlatformUsersQuery,
  ZPlatformUserStatusBody,
  ZPasswordResetLink,
  ZPasswordResetRequest,
  ZMailStatus,
  ZReportTriesLimit,
  ZTenant,
  ZTenantCreate,
  ZTenantStatusBody,
  ZTenantUpdate,
} from '@tagstock/contract';
import { withPlatform, type Db } from '../../db/client';
import { hashPassword } from '../../platform/passwords';
import type { PasswordResetService } from '../auth/password-reset';
import { tenantsRepository } from './tenants.repository';

/** The super admin's routes: tenants and the users of every tenant (platform work, every query names its tenant). */
export const tenantsRoutes: FastifyPluginAsyncZod<{ db: Db; resets: PasswordResetService }> = async (
  app,
  { db, resets },
) => {
  const tags = ['tenants'];
  const preHandler = app.requireSuperAdmin;
  app.get(
    '/tenants',
    { schema: { tags, querystring: ZListQuery, response: { 200: listOf(ZTenant) } }, preHandler },
    (request) => withPlatform(db, (tx) => tenantsRepository.list(tx, request.query)),
  );
  app.post(
    '/tenants',
    {
      schema: {
        tags,
        operationId: 'createTenant',
        summary: 'Create a tenant with its company identity and its first administrator',
        body: ZTenantCreate,
        response: { 201: ZTenant },
      },
      preHandler,
    },
    async (request, reply) => {
      const { admin, ...rest } = request.body;
      const passwordHash = await hashPassword(admin.password);
      const tenant = await withPlatform(db, (tx) =>
        tenantsRepository.create(tx, { ...rest, admin: { name: admin.name, email: admin.email, passwordHash } }),
      );
      return reply.code(201).send(tenant);
    },
  );
  app.get(
    '/tenants/:id',
    { schema: { tags, operationId: 'getTenant', params: ZIdParams, response: { 200: ZTenant } }, preHandler },
    (request) => withPlatform(db, (tx) => tenantsRepository.get(tx, request.params.id)),
  );
  app.put(
    '/tenants/:id',
    {
      schema: {
        tags,
        operationId: 'renameTenant',
        summary: 'Rename a tenant',
        params: ZIdParams,
        body: ZTenantUpdate,
        response: { 200: ZTenant },
      },
      preHandler,
    },
    (request) => withPlatform(db, (tx) => tenantsRepository.rename(tx, request.params.id, request.body.name)),
  );
  app.post(
    '/tenants/:id/status',
    {
      schema: {
        tags,
        operationId: 'setTenantStatus',
        summary: 'Disable a tenant (its users are signed out and refused at once) or make it active again',
        params: ZIdParams,
        body: ZTenantStatusBody,
        response: { 200: ZTenant },
      },
      preHandler,
    },
    async (request) => {
      const { tenant, userIds } = await withPlatform(db, async (tx) => ({
        tenant: await tenantsRepository.setStatus(tx, request.params.id, request.body.status),
        userIds: await tenantsRepository.userIds(tx, request.params.id),
      }));
      // Every process drops their sessions and closes their sockets (Redis carries it to the others).
      await Promise.all(userIds.map((id) => app.sessions.invalidate(id)));
      return tenant;
    },
  );
  app.put(
    '/tenants/:id/report-tries',
    {
      schema: {
        tags,
        operationId: 'setTenantReportTries',
        summary: "Set a tenant's natural-language report questions per month",
        params: ZIdParams,
        body: ZReportTriesLimit,
        response: { 200: ZTenant },
      },
      preHandler,
    },
    (request) => withPlatform(db, (tx) => tenantsRepository.setReportTries(tx, request.params.id, request.body.limit)),
  );
  app.get(
    '/platform/users',
    {
      schema: {
        tags,
        operationId: 'listPlatformUsers',
        summary: 'Users across tenants, with their tenant',
        querystring: ZPlatformUsersQuery,
        response: { 200: listOf(ZPlatformUser) },
      },
      preHandler,
    },
    (request) => withPlatform(db, (tx) => tenantsRepository.users(tx, request.query)),
  );
  app.post(
    '/platform/users/:id/status',
    {
      schema: {
        tags,
        operationId: 'setPlatformUserStatus',
        summary: "Disable a tenant's user (signed out at once) or enable it again",
        params: ZIdParams,
        body: ZPlatformUserStatusBody,
        response: { 200: ZPlatformUser },
      },
      preHandler,
    },
    async (request) => {
      const user = await withPlatform(db, (tx) =>
        tenantsRepository.setUserStatus(tx, request.params.id, request.body.status),
      );
      await app.sessions.invalidate(user.id);
      return user;
    },
  );
  app.post(
    '/platform/users/:id/password-reset',
    {
      schema: {
        tags,
        operationId: 'createPasswordResetLink',
        summary:
          "A one-time link (24 h) to set a tenant's user's password, e-mailed to the user or shown; earlier links " +
          'stop working',
        params: ZIdParams,
        // No body at all: the default delivery.
        body: ZPasswordResetRequest.nullish(),
        response: { 201: ZPasswordResetLink },
      },
      preHandler,
    },
    async (request, reply) => {
      const link = await resets.createLink(request.params.id, request.auth.userId, request.body?.by);
      reply.code(201);
      return link;
    },
  );
  app.get(
    '/platform/mail',
    {
      schema: {
        tags,
        operationId: 'getMailStatus',
        summary: 'Whether password-reset links can be e-mailed',
        response: { 200: ZMailStatus },
      },
      preHandler,
    },
    async () => ({ enabled: resets.mailEnabled }),
  );
};
