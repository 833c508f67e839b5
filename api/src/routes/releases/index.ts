// The release registry, mounted at /api/releases: which build of each remote browsers load
// (stable, and a canary for a percentage of them), the manifest the shell boots from, outcome
// reports from browsers with automatic rollback, health samples and rollout plans (progressive
// delivery), private preview links (decision 0036), and the admin operations the release CLI
// calls. The handlers here validate, call the release control plane (api/src/releases/:
// registry, plans, channels, telemetry, rollouts, status, previews;
// docs/decisions/0032-release-control-plane-a-module.md) and answer.
// The operations marked "(admin)" in their files pass `releaseAccess` (releases/keys/access.ts):
// an admin, or a deploy key for that remote and action (docs/decisions/0035-deploy-keys.md); the
// keys routes are for admin users only.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { deleteKey } from './delete-key.ts';
import { getAudit } from './get-audit.ts';
import { getHealth } from './get-health.ts';
import { getKeys } from './get-keys.ts';
import { getManifest } from './get-manifest.ts';
import { getPreview } from './get-preview.ts';
import { getStatus } from './get-status.ts';
import { getVersions } from './get-versions.ts';
import { postCanary } from './post-canary.ts';
import { postEvent } from './post-event.ts';
import { postHealth } from './post-health.ts';
import { postKey } from './post-key.ts';
import { postPreview } from './post-preview.ts';
import { postPromote } from './post-promote.ts';
import { postRelease } from './post-release.ts';
import { postRollback } from './post-rollback.ts';
import { postRollout } from './post-rollout.ts';
import { postRolloutAbort } from './post-rollout-abort.ts';
import { postRolloutPause } from './post-rollout-pause.ts';
import { postRolloutResume } from './post-rollout-resume.ts';

export const releasesRoutes = new Hono<AppEnv>()
  .get('/manifest', ...getManifest)
  .post('/events', ...postEvent)
  .post('/health', ...postHealth)
  .get('/previews/:token', ...getPreview)
  .get('/keys', ...getKeys)
  .post('/keys', ...postKey)
  .delete('/keys/:id', ...deleteKey)
  .get('/audit', ...getAudit)
  .get('/', ...getStatus)
  .post('/', ...postRelease)
  .get('/:remote/versions', ...getVersions)
  .post('/:remote/canary', ...postCanary)
  .post('/:remote/promote', ...postPromote)
  .post('/:remote/rollback', ...postRollback)
  .post('/:remote/previews', ...postPreview)
  .post('/:remote/rollout', ...postRollout)
  .post('/:remote/rollout/pause', ...postRolloutPause)
  .post('/:remote/rollout/resume', ...postRolloutResume)
  .post('/:remote/rollout/abort', ...postRolloutAbort)
  .get('/:remote/health', ...getHealth);
