// The distributor's settings (GET/PUT /admin/settings) and the logo upload's address.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { Settings, SettingsBody } from '@portal/shared/settings/settings.schemas';
import { API_BASE, api } from '../../lib/api';

export const SETTINGS_FAILED = 'Failed to fetch settings';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings';
export const LOGO_UPLOAD_URL = `${API_BASE}/admin/settings/logo`;

export const settingsApi = api.enhanceEndpoints({ addTagTypes: ['Settings'] }).injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<Settings, void>({
      query: () => '/admin/settings',
      transformResponse: (r: SuccessEnvelope<Settings>) => r.data,
      providesTags: ['Settings'],
    }),
    saveSettings: build.mutation<SuccessEnvelope<Settings>, SettingsBody>({
      query: (body) => ({ url: '/admin/settings', method: 'PUT', body }),
      // The answer is the saved settings: written straight into the cache.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null); // a refusal is the form's to show
        if (answer) void dispatch(settingsApi.util.upsertQueryData('getSettings', undefined, answer.data.data));
      },
    }),
  }),
});

export const { useGetSettingsQuery, useSaveSettingsMutation } = settingsApi;
