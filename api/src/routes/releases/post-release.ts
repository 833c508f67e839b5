// POST /api/releases/ (admin) {remote, version, entry, integrity?, shared?, make_stable?}: records
// a release whose files were just published to the release store. 201 when new, 200 when the
// same remote, version and entry are already recorded (publishing is repeatable), 409 when that
// version was recorded with another entry or entry integrity (a version's files never change).
// `integrity` is the entry's SHA-384 in SRI form, which the manifest hands to the shell
// (docs/decisions/0037-release-integrity.md). A remote's first release becomes its stable one;
// `make_stable: true` makes this one stable at once (`npm start` deploys what it just built that
// way). Every change is audited.
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { channelJson } from '../../releases/channels/channels.ts';
import { publishRelease } from '../../releases/channels/publish.ts';
import { PublishedSchema } from '../../releases/channels/schemas.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import { reasonField } from '../../releases/keys/schemas.ts';
import { releaseRowJson } from '../../releases/registry/json.ts';
import { knownRemote } from '../../releases/registry/remote.ts';
import { postReleaseSchema } from '../../releases/registry/schemas.ts';

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
      'permission_denied',
      'unknown_remote',
      ['version_exists', 'The version is recorded with another entry or integrity.'],
    ],
  }),

  releaseAccess('publish'),
  validate('json', postReleaseSchema.extend({ reason: reasonField })),
  async (c) => {
    const { db, clock, actor } = c.var;
    const body = c.req.valid('json');
    const remote = knownRemote(body.remote);
    const now = clock();

    const result = await publishRelease(db, {
      remote,
      version: body.version,
      entry: body.entry,
      integrity: body.integrity ?? null,
      shared: body.shared,
      makeStable: body.make_stable,
      actorId: actor.id,
      now,
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
