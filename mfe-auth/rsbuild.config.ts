import { defineRemoteConfig } from '@cinema/federation/rsbuild';

export default defineRemoteConfig(import.meta.dirname, 'auth', 'CineBook · Account');
