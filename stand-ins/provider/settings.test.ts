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

  it('names a wrong fault spec (the API no longer checks it)', () => {
    expect(() => readSampleProviderSettings({ SAMPLE_PROVIDER_FAULTS: 'explode' })).toThrow(
      new SampleProviderSettingsError('SAMPLE_PROVIDER_FAULTS: Unknown fault "explode".'),
    );
  });
});
