import { describe, expect, it } from 'vitest';
import { readSampleProviderSettings, SampleProviderSettingsError } from './settings.ts';

describe('the sample provider’s settings', () => {
  it('reads the faults and the accepted keys', () => {
    expect(readSampleProviderSettings({})).toEqual({});
    expect(readSampleProviderSettings({ SAMPLE_PROVIDER_FAULTS: ' ', SAMPLE_PROVIDER_KEYS: ' , ' })).toEqual({});
    expect(
      readSampleProviderSettings({ SAMPLE_PROVIDER_FAULTS: 'status=503,rate=0.5', SAMPLE_PROVIDER_KEYS: 'a, b' }),
    ).toEqual({ faults: 'status=503,rate=0.5', apiKeys: ['a', 'b'] });
  });

  it('reads a fixed port for the embedded provider and refuses one that is not a port', () => {
    expect(readSampleProviderSettings({ SAMPLE_PROVIDER_PORT: ' 31337 ' })).toEqual({ port: 31337 });
    for (const bad of ['0', '65536', 'abc', '80.5']) {
      expect(() => readSampleProviderSettings({ SAMPLE_PROVIDER_PORT: bad })).toThrow(
        new SampleProviderSettingsError('SAMPLE_PROVIDER_PORT: must be a port number (1–65535)'),
      );
    }
  });

  it('names a wrong fault spec (the API no longer checks it)', () => {
    expect(() => readSampleProviderSettings({ SAMPLE_PROVIDER_FAULTS: 'explode' })).toThrow(
      new SampleProviderSettingsError('SAMPLE_PROVIDER_FAULTS: Unknown fault "explode".'),
    );
  });
});
