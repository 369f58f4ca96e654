// E-pick (docs/pick-lists.md): the pick list settings (GET/PUT /admin/epick/settings), the pick list of
// a delivery day or of chosen orders as data, and its PDF and CSV files.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { EpickSettings, PickList, PickListBody } from '@portal/shared/epick/epick.schemas';
import { api } from '../../lib/api';
import { downloadPostedFile } from '../../lib/download-file';

export const EPICK_FAILED = 'Failed to fetch the e-pick settings';
export const EPICK_SAVE_FAILED = 'Failed to save the e-pick settings';
export const PICK_LIST_FAILED = 'Failed to make the pick list';

export const epickApi = api.enhanceEndpoints({ addTagTypes: ['EpickSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getEpickSettings: build.query<EpickSettings, void>({
      query: () => '/admin/epick/settings',
      transformResponse: (r: SuccessEnvelope<EpickSettings>) => r.data,
      providesTags: ['EpickSettings'],
    }),
    saveEpickSettings: build.mutation<SuccessEnvelope<EpickSettings>, EpickSettings>({
      query: (body) => ({ url: '/admin/epick/settings', method: 'PUT', body }),
      // The settings and any pick list shown are read again (the list follows the settings).
      invalidatesTags: (_r, error) => (error ? [] : ['EpickSettings']),
    }),
    // A read sent as POST (the body names the day or the orders); kept fresh after the settings change.
    getPickList: build.query<PickList, PickListBody>({
      query: (body) => ({ url: '/admin/epick/pick-list', method: 'POST', body }),
      transformResponse: (r: SuccessEnvelope<PickList>) => r.data,
      providesTags: ['EpickSettings'],
    }),
  }),
});

export const { useGetEpickSettingsQuery, useSaveEpickSettingsMutation, useGetPickListQuery } = epickApi;

/** The pick list as a file (PDF to print, CSV for a spreadsheet). */
export function downloadPickList(body: PickListBody, kind: 'pdf' | 'csv'): Promise<void> {
  return downloadPostedFile(
    `/admin/epick/pick-list/${kind}`,
    body,
    `pick-list-${body.deliveryDate ?? 'selected'}.${kind}`,
    PICK_LIST_FAILED,
  );
}
