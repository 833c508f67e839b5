// POST /api/releases/ (admin) {remote, version, entry, shared?, make_stable?}: records a release
// whose files were just published to the release store. 201 when new, 200 when the same remote,
// version and entry are already recorded (publishing is repeatable), 409 when that version was
// recorded with another entry (a version's files never change). A remote's first release becomes
// its stable one; `make_stable: true` makes this one stable at once (`npm start` deploys what it
// just built that way). Every change is audited.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { changeChannel, channelJson, knownRemote, snapshot } from './channels.ts';
import { entryMismatch } from './rules.ts';
import { PublishedSchema, postReleaseSchema } from './schemas.ts';
import {
  findChannel,
  findRelease,
  insertAudit,
  insertRelease,
  lockRemote,
  type ReleaseRow,
  stateOf,
} from './sql.ts';

export const releaseRowJson = (release: ReleaseRow) => ({
  remote: release.remote,
  version: release.version,
  entry: release.entry_url,
  shared: release.shared,
  published_at: release.published_at,
  published_by:
    release.published_by === null
      ? null
      : { id: release.published_by, username: release.published_by_username },
});

export const postRelease = factory.createHandlers(
  describe({
    summary: 'Record a published release',
    tags: ['releases'],
    auth: true,
    answers: {
      201: answer('Recorded', PublishedSchema),
      200: answer('Already recorded', PublishedSchema),
    },
    errors: [
      400,
      401,
      403,
      404,
      [409, 'The version is recorded with another entry (`version_exists`).'],
    ],
  }),

  requireRole('admin'),
  validate('json', postReleaseSchema),
  async (c) => {
    const { db, clock, user } = c.var;
    const body = c.req.valid('json');
    const remote = knownRemote(body.remote);
    const now = clock();

    const result = await db.transaction(async (tx) => {
      await lockRemote(tx, remote);
      const existing = await findRelease(tx, remote, body.version);
      if (existing && existing.entry_url !== body.entry) {
        conflict(entryMismatch(body.version, remote, existing.entry_url), {
          code: 'version_exists',
        });
      }
      const releaseId =
        existing?.id ??
        (await insertRelease(tx, {
          remote,
          version: body.version,
          entry: body.entry,
          shared: body.shared,
          publishedBy: user.id,
          now,
        }));
      const created = !existing;
      const published = { published: { version: body.version, entry: body.entry } };
      const before = await findChannel(tx, remote);
      let channel = before;

      if (!before) {
        channel = await changeChannel(tx, {
          remote,
          before,
          state: {
            stableId: releaseId,
            previousStableId: null,
            canaryId: null,
            canaryPercent: 0,
            canarySince: null,
            rolledBackReason: null,
            rolledBackAt: null,
          },
          action: 'publish',
          actorId: user.id,
          now,
          extra: published,
        });
      } else if (body.make_stable && before.stable.id !== releaseId) {
        const state = {
          ...stateOf(before),
          stableId: releaseId,
          previousStableId: before.stable.id,
        };
        if (state.canaryId === releaseId) {
          // The canary itself becomes stable: nothing is left to try.
          Object.assign(state, { canaryId: null, canaryPercent: 0, canarySince: null });
        }
        channel = await changeChannel(tx, {
          remote,
          before,
          state,
          action: created ? 'publish' : 'make_stable',
          actorId: user.id,
          now,
          extra: published,
        });
      } else if (created) {
        await insertAudit(tx, {
          actorId: user.id,
          action: 'publish',
          remote,
          before: snapshot(before),
          after: { ...snapshot(before), ...published },
          now,
        });
      }
      const release = await findRelease(tx, remote, body.version);
      if (!release) throw new Error('The release just recorded was not found');
      return { created, release, channel };
    });

    return c.json(
      {
        release: releaseRowJson(result.release),
        created: result.created,
        stable: result.channel?.stable.id === result.release.id,
        channel: channelJson(remote, result.channel),
      },
      result.created ? 201 : 200,
    );
  },
);
