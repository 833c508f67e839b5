import { defineRemoteConfig } from '@cinema/federation/rsbuild';

export default defineRemoteConfig(import.meta.dirname, 'owner', 'CineBook · Theater owners');
