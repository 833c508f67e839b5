// GET /api/releases/audit/?remote=&page=&page_size= (admin, or a deploy key for its own remote):
// the release part of the audit log (release.*, rollout.*, deploy_key.*), newest first, paged
// as GET /api/admin/audit/ is. Who: a username, a deploy key's name or "system"; why: the
// operator's reason, or the automatic rollback's. A key reads its own remote only (another one
// is 403), with or without `?remote=`.
import { pageReleaseAudit } from '../../audit/sql.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { envelope, pageRequest } from '../../http/pagination.ts';
import { keyRemote, releaseAccess } from '../../releases/keys/access.ts';
import { KEY_LABEL_PREFIX } from '../../releases/keys/rules.ts';
import { getAuditQuery, ReleaseAuditPageSchema } from '../../releases/keys/schemas.ts';

export const getAudit = factory.createHandlers(
  describe({
    summary: 'The release audit trail: who did what to which remote, and why',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('One page of records', ReleaseAuditPageSchema) },
    errors: ['permission_denied', 'validation_error'],
  }),
  releaseAccess('audit'),
  validate('query', getAuditQuery),
  async (c) => {
    const query = c.req.valid('query');
    const page = pageRequest({ page: query.page ?? 1, page_size: query.page_size, q: null });
    if (!page) throw new Error('pageRequest gave no page for page 1');
    const rows = await pageReleaseAudit(c.var.db, {
      remote: keyRemote(c) ?? query.remote ?? null,
      limit: page.limit,
      offset: page.offset,
      countCap: page.countCap,
    });
    const { results, ...rest } = envelope(rows, page);
    return c.json({
      ...rest,
      results: results.map(({ actor_id, actor, details, ...record }) => {
        const key = actor_id === null && actor.startsWith(KEY_LABEL_PREFIX);
        const after = details.after as { reason?: unknown } | null | undefined;
        const reason = details.reason ?? after?.reason ?? null;
        return {
          ...record,
          actor: key ? actor.slice(KEY_LABEL_PREFIX.length) : actor,
          actor_kind: actor_id !== null ? 'user' : key ? 'key' : 'system',
          details,
          reason: typeof reason === 'string' ? reason : null,
        };
      }),
    });
  },
);
