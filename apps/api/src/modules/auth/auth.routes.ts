import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZMeResponse,
  ZOk,
  ZPasswordBody,
  ZPasswordResetBody,
  ZPasswordResponse,
  ZProfileBody,
  ZSignInBody,
  ZSignInResponse,
} from '@tagstock/contract';
import type { AuthService } from './auth.service';
import type { PasswordResetService } from './password-reset';

export const authRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  resets: PasswordResetService;
  loginPerMinute: number;
}> = async (app, { service, resets, loginPerMinute }) => {
  app.post(
    '/auth/sign-in',
    {
      schema: { tags: ['auth'], body: ZSignInBody, response: { 200: ZSignInResponse } },
      config: { rateLimit: { max: loginPerMinute, timeWindow: '1 minute' } },
    },
    (request) => service.signIn(request.body, request.ip),
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], response: { 200: ZMeResponse } }, preHandler: app.authenticate },
    (request) => service.me(request.auth),
  );

  app.put(
    '/auth/profile',
    { schema: { tags: ['auth'], body: ZProfileBody, response: { 200: ZMeResponse } }, preHandler: app.authenticate },
    (request) => service.updateProfile(request.auth, request.body),
  );

  app.put(
    '/auth/password',
    {
      schema: { tags: ['auth'], body: ZPasswordBody, response: { 200: ZPasswordResponse } },
      preHandler: app.authenticate,
    },
    (request) => service.changePassword(request.auth, request.body),
  );

  app.post(
    '/auth/sign-out-everywhere',
    { schema: { tags: ['auth'], response: { 200: ZOk } }, preHandler: app.authenticate },
    async (request) => {
      await service.signOutEverywhere(request.auth);
      return { ok: true as const };
    },
  );

  // A one-time link the super admin handed over: no session, rate-limited like the sign-in.
  app.post(
    '/auth/password-reset',
    {
      schema: { tags: ['auth'], body: ZPasswordResetBody, response: { 200: ZOk } },
      config: { rateLimit: { max: loginPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      await resets.reset(request.body);
      return { ok: true as const };
    },
  );
};
