import { twoFactorOffNotice } from '../mail/notices';
import { queueMail } from '../mail/outbox';
import { parishSettings } from '../parish/settings';
import { publicOrigin } from '../uploads/store';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { allowedTo, bearerSecurity, requireAdmin } from '../auth/guard';
import { passwordAgain } from '../auth/prove-again';
import { LoginAnswer, signIn } from '../auth/login';
import { addActivity } from '../activity/record';
import { addSchemas, ref } from '../http/contract';
import { badRequest, HttpError, unauthorized } from '../http/errors';
import { attemptsIn, countAttempt, rateLimited, wait } from '../http/rate-limit';
import { errorResponses } from '../http/validation';
import {
  challengeAccount,
  checkCode,
  enable,
  endChallenge,
  endChallengesOf,
  recoveryCodesLeft,
  requiredForAdmins,
  saveSetup,
  setRequiredForAdmins,
  tryChallenge,
  turnOff,
  twoFactorOf,
} from './repository';
import {
  LoginCode,
  LoginEnrolment,
  LoginEnrolmentCode,
  TWO_FACTOR_MESSAGES as MESSAGES,
  TwoFactorConfirm,
  TwoFactorEnrolled,
  TwoFactorOff,
  TwoFactorRequirement,
  TwoFactorSetup,
  TwoFactorStatus,
} from './schemas';
import {
  hashRecoveryCode,
  isTotpCode,
  newRecoveryCodes,
  newSecret,
  openSecret,
  otpauthUri,
  qrCodeOf,
  sealSecret,
  stepOf,
} from './totp';

/** Codes one challenge may try before its password is needed again. */
const CODES_PER_CHALLENGE = 5;
/** Wrong codes one account may get in a window, whatever the challenges and addresses. */
const WRONG_CODES_PER_ACCOUNT = 10;
const WRONG_CODES_WINDOW_MS = 15 * 60_000;

const Message = Type.Object({ message: Type.String() });
/** What people type: spaces in "123 456" or a recovery code do not count. */
const typed = (code: string) => code.replace(/\s/g, '');

/** Every code tried counts against its address as a login attempt does. */
const codeAttempts = (config: AppConfig) =>
  rateLimited(config.loginRateMax, config.loginRateWindowMs, 'Too many code attempts');

/** A new secret waiting for its first code (a pending one is replaced); 409 once it is on. */
async function startSetup(db: Db, dataDir: string, admin: { _id: string; email: string }) {
  const secret = newSecret();
  if (!(await saveSetup(db, admin._id, sealSecret(dataDir, secret)))) throw new HttpError(409, MESSAGES.alreadyOn);
  const uri = otpauthUri(secret, admin.email);
  return {
    message: 'Scan the QR code with your authenticator app',
    data: { secret, uri, qrCode: await qrCodeOf(uri) },
  };
}

/**
 * Turns it on with a code of the app for the secret set up: the ten new recovery codes (their hashes
 * stored), or undefined when the code is wrong; 409 when it is on already or was never set up.
 */
async function confirmSetup(db: Db, dataDir: string, adminId: string, code: string): Promise<string[] | undefined> {
  const state = await twoFactorOf(db, adminId);
  if (state?.enabled) throw new HttpError(409, MESSAGES.alreadyOn);
  if (!state) throw new HttpError(409, MESSAGES.notSetUp);
  const step = isTotpCode(code) ? stepOf(openSecret(dataDir, state.secret), code) : undefined;
  if (step === undefined) return undefined;
  const recoveryCodes = newRecoveryCodes();
  const hashes = recoveryCodes.map((recovery) => hashRecoveryCode(dataDir, recovery));
  if (!(await enable(db, adminId, step, hashes))) throw new HttpError(409, MESSAGES.alreadyOn);
  return recoveryCodes;
}

/** 429 once the account has had too many wrong codes in the window, whatever the challenges. */
async function refuseTooManyWrong(db: Db, key: string): Promise<void> {
  const wrongSoFar = await attemptsIn(db, key);
  if (wrongSoFar.current >= WRONG_CODES_PER_ACCOUNT)
    throw new HttpError(429, `${MESSAGES.tooMany}. Please wait ${wait(wrongSoFar.ttl)} and try again.`);
}

const accountOf = (db: Db, adminId: string) =>
  db.kysely
    .selectFrom('admins')
    .select(['_id', 'email', 'name', 'active'])
    .where('_id', '=', adminId)
    .executeTakeFirstOrThrow();

/**
 * The login's second step (registered with the login, whose answer it shares): the challenge of a right
 * password and a code of the app or a recovery code.
 */
export function secondStepRoute(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  const { dataDir } = config;
  addSchemas(app, LoginCode, LoginEnrolment, LoginEnrolmentCode, TwoFactorEnrolled, TwoFactorSetup);
  app.post(
    '/admin/login/two-factor',
    {
      config: { ...codeAttempts(config), replayable: false },
      schema: {
        tags: ['auth'],
        summary: 'The second step of a login: the challenge and a code of the app or a recovery code',
        body: ref(LoginCode),
        response: { 200: ref(LoginAnswer), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { challenge } = request.body;
      const code = typed(request.body.code);
      const attempt = await tryChallenge(db, challenge);
      if (!attempt || attempt.attempts > CODES_PER_CHALLENGE) {
        if (attempt) await endChallenge(db, challenge);
        throw unauthorized(MESSAGES.expired);
      }
      const key = `two-factor ${attempt.adminId}`;
      await refuseTooManyWrong(db, key);
      const check = await checkCode(db, dataDir, attempt.adminId, code);
      if (check !== 'accepted') {
        await countAttempt(db, key, WRONG_CODES_WINDOW_MS);
        throw unauthorized(check === 'replayed' ? MESSAGES.replayed : MESSAGES.wrongCode);
      }
      await endChallenge(db, challenge);
      const admin = await accountOf(db, attempt.adminId);
      if (Number(admin.active) !== 1) throw unauthorized(MESSAGES.expired);
      if (!isTotpCode(code)) {
        await addActivity(db, {
          adminId: admin._id,
          member: admin.name || admin.email,
          kind: 'account',
          summary: `Signed in with a recovery code (${await recoveryCodesLeft(db, admin._id)} left)`,
        });
      }
      return await signIn(app, request, admin);
    },
  );

  // The enrolment of an Admin without a second factor while the team requires one: the login's ticket
  // (body, never a bearer token) opens these two calls only; the session comes once a code confirms.
  app.post(
    '/admin/login/two-factor/setup',
    {
      config: { ...codeAttempts(config), replayable: false },
      schema: {
        tags: ['auth'],
        summary: 'The enrolment a login asks of an Admin without two-factor sign-in while required: a new secret',
        body: ref(LoginEnrolment),
        response: {
          200: Type.Object({ message: Type.String(), data: ref(TwoFactorSetup) }),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request) => {
      const adminId = await challengeAccount(db, request.body.enrolment, 'enrol');
      const admin = adminId && (await accountOf(db, adminId));
      if (!admin || Number(admin.active) !== 1 || (await twoFactorOf(db, admin._id))?.enabled)
        throw unauthorized(MESSAGES.expired);
      return await startSetup(db, dataDir, admin);
    },
  );

  app.post(
    '/admin/login/two-factor/enable',
    {
      config: { ...codeAttempts(config), replayable: false },
      schema: {
        tags: ['auth'],
        summary:
          'The enrolment confirmed with a code of the app: the login’s answer and the ten recovery codes, shown this once',
        body: ref(LoginEnrolmentCode),
        response: { 200: ref(TwoFactorEnrolled), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { enrolment } = request.body;
      const attempt = await tryChallenge(db, enrolment, 'enrol');
      if (!attempt || attempt.attempts > CODES_PER_CHALLENGE) {
        if (attempt) await endChallenge(db, enrolment);
        throw unauthorized(MESSAGES.expired);
      }
      const key = `two-factor ${attempt.adminId}`;
      await refuseTooManyWrong(db, key);
      const admin = await accountOf(db, attempt.adminId);
      if (Number(admin.active) !== 1) throw unauthorized(MESSAGES.expired);
      const recoveryCodes = await confirmSetup(db, dataDir, admin._id, typed(request.body.code));
      if (!recoveryCodes) {
        await countAttempt(db, key, WRONG_CODES_WINDOW_MS);
        // 400, as in Settings: the ticket stands, the code was wrong.
        throw badRequest(MESSAGES.wrongSetupCode);
      }
      // Used once: this ticket and any other pending step of the account end here.
      await endChallengesOf(db, admin._id);
      await addActivity(db, {
        adminId: admin._id,
        member: admin.name || admin.email,
        kind: 'account',
        summary: 'Turned on two-factor sign-in at sign-in (required for every Admin)',
      });
      return { ...(await signIn(app, request, admin)), recoveryCodes };
    },
  );
}

/**
 * Two-factor sign-in by authenticator app (RFC 6238): the member's own setting (any role may turn it on
 * for their account), and the team's requirement for every Admin.
 */
export async function twoFactorRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app;
  const { dataDir } = config;
  addSchemas(app, TwoFactorStatus, TwoFactorSetup, TwoFactorConfirm, TwoFactorOff, TwoFactorRequirement);
  const limited = codeAttempts(config);

  const tags = ['account'];
  const signedIn = { onRequest: requireAdmin };

  app.get(
    '/account/two-factor',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Whether my two-factor sign-in is on, my recovery codes left, and whether Admins must have it',
        security: bearerSecurity,
        response: { 200: Type.Object({ message: Type.String(), data: ref(TwoFactorStatus) }), ...errorResponses(401) },
      },
    },
    async (request) => {
      const id = request.admin!._id;
      return {
        message: 'Two-factor sign-in fetched successfully',
        data: {
          enabled: (await twoFactorOf(db, id))?.enabled ?? false,
          recoveryCodesLeft: await recoveryCodesLeft(db, id),
          requiredForAdmins: await requiredForAdmins(db),
        },
      };
    },
  );

  app.post(
    '/account/two-factor/setup',
    {
      config: { replayable: false, activity: { kind: 'account', says: () => 'Started setting up two-factor sign-in' } },
      ...signedIn,
      schema: {
        tags,
        summary: 'A new secret for my authenticator app (QR code and text); on once confirmed with a code',
        security: bearerSecurity,
        response: {
          200: Type.Object({ message: Type.String(), data: ref(TwoFactorSetup) }),
          ...errorResponses(401, 409),
        },
      },
    },
    async (request) => await startSetup(db, dataDir, request.admin!),
  );

  app.post(
    '/account/two-factor/enable',
    {
      ...signedIn,
      config: {
        ...limited,
        replayable: false,
        activity: { kind: 'account', says: () => 'Turned on two-factor sign-in' },
      },
      schema: {
        tags,
        summary: 'Turn it on with a code of the app; answers the ten recovery codes, shown this once',
        security: bearerSecurity,
        body: ref(TwoFactorConfirm),
        response: {
          200: Type.Object({
            message: Type.String(),
            data: Type.Object({ recoveryCodes: Type.Array(Type.String()) }),
          }),
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request) => {
      const recoveryCodes = await confirmSetup(db, dataDir, request.admin!._id, typed(request.body.code));
      // 400, not 401: a signed-in member's wrong code must not read as an ended session.
      if (!recoveryCodes) throw badRequest(MESSAGES.wrongSetupCode);
      return { message: MESSAGES.turnedOn, data: { recoveryCodes } };
    },
  );

  app.post(
    '/account/two-factor/disable',
    {
      ...signedIn,
      config: { ...limited, activity: { kind: 'account', says: () => 'Turned off two-factor sign-in' } },
      schema: {
        tags,
        summary: 'Turn it off with my password or a code of the app (refused for an Admin while the team requires it)',
        security: bearerSecurity,
        body: ref(TwoFactorOff),
        response: { 200: Message, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      if (!(await twoFactorOf(db, admin._id))?.enabled) throw new HttpError(409, MESSAGES.notOn);
      if (admin.role === 'Admin' && (await requiredForAdmins(db))) throw new HttpError(409, MESSAGES.requiredForAdmins);
      const proof = request.body.proof;
      const proven = isTotpCode(typed(proof))
        ? (await checkCode(db, dataDir, admin._id, typed(proof))) === 'accepted'
        : await passwordAgain(request, reply, proof);
      if (!proven) throw badRequest(MESSAGES.wrongProof);
      const parish = await parishSettings(db);
      await turnOff(db, admin._id, (trx) =>
        queueMail(trx, app.config.mail, twoFactorOffNotice(admin, parish.name, publicOrigin(app), 'account')),
      );
      return { message: MESSAGES.turnedOff };
    },
  );

  app.put(
    '/team/two-factor',
    {
      config: {
        activity: {
          kind: 'team',
          says: ({ body }) =>
            (body as { required?: boolean } | undefined)?.required
              ? 'Required two-factor sign-in for every Admin'
              : 'Stopped requiring two-factor sign-in for Admins',
        },
      },
      onRequest: [requireAdmin, allowedTo('team')],
      schema: {
        tags: ['team'],
        summary: 'Require two-factor sign-in of every Admin, or stop requiring it',
        security: bearerSecurity,
        body: ref(TwoFactorRequirement),
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Object({ requiredForAdmins: Type.Boolean() }) }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { required } = request.body;
      await setRequiredForAdmins(db, required);
      return {
        message: required
          ? 'Two-factor sign-in is now required for every Admin'
          : 'Two-factor sign-in is no longer required',
        data: { requiredForAdmins: required },
      };
    },
  );
}
