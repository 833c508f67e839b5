// What pause, resume and abort share: the remote's active plan, locked with the remote, changed
// with an audit row in one transaction; answers `{ rollout }`.
import type { Context } from 'hono';
import type { Tx } from '../../db/db.ts';
import type { AuthEnv } from '../../http/auth.ts';
import { conflict } from '../../http/errors.ts';
import { remoteParam, snapshot } from './channels.ts';
import { planJson } from './rollouts.ts';
import { NO_ACTIVE_ROLLOUT, type Remote } from './rules.ts';
import {
  type Channel,
  findChannel,
  findRollout,
  insertAudit,
  lockRemote,
  type RolloutRow,
} from './sql.ts';

export async function answerRolloutChange(
  c: Context<AuthEnv>,
  action: string,
  change: (tx: Tx, plan: RolloutRow, channel: Channel, remote: Remote) => Promise<void>,
) {
  const remote = remoteParam(c);
  const { db, user, clock } = c.var;
  const now = clock();
  const plan = await db.transaction(async (tx) => {
    await lockRemote(tx, remote);
    const plan = await findRollout(tx, remote, { active: true, lock: true });
    const channel = await findChannel(tx, remote);
    if (!plan || !channel) conflict(NO_ACTIVE_ROLLOUT, { code: 'no_rollout' });
    await change(tx, plan, channel, remote);
    const after = await findRollout(tx, remote);
    if (action !== 'rollout_abort') {
      // Abort changes the channel, which writes its own audit row.
      await insertAudit(tx, {
        actorId: user.id,
        action,
        remote,
        before: snapshot(channel),
        after: { ...snapshot(channel), rollout_state: after?.state },
        now,
      });
    }
    return after;
  });
  return c.json({ rollout: planJson(plan) });
}
