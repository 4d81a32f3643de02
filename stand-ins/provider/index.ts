/** The provider stand-in as others start it: the app, the loopback runner and its settings. */
export { createSampleProvider, SAMPLE_MAX_BODY_BYTES, type SampleProviderOptions } from './app.ts';
export { type EmbeddedSampleProvider, startEmbeddedSampleProvider } from './embedded.ts';
export { FAULT_HEADER, FaultSpecError, parseFaults } from './faults.ts';
export {
  readSampleProviderSettings,
  type SampleProviderSettings,
  SampleProviderSettingsError,
} from './settings.ts';
