// The distributor's settings (module 'Settings'):
//   GET  /admin/settings       view: every setting, and the next order number the format gives
//   PUT  /admin/settings       edit: replaces them all (settingsBody), audited
//   POST /admin/settings/logo  edit: uploads the logo (multipart/form-data, one image checked by its bytes);
//                              the answer's url becomes the logo when the settings are saved with it
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uploadedImageSchema } from '@portal/shared/media/media.schemas';
import { SETTINGS_SAVED_MESSAGE, settingsBody, settingsSchema } from '@portal/shared/settings/settings.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { acceptMultipartBodies, saveImage, uploadedFile } from '../media/media.service.ts';
import { getSettings, saveSettings } from './settings.service.ts';

const MODULE = 'Settings';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  acceptMultipartBodies(app); // this plugin's scope only: the logo upload
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  r.get(
    '/admin/settings',
    {
      config: { access: access.module(MODULE) },
      schema: { tags: ['admin'], summary: "The distributor's settings", response: { 200: envelope(settingsSchema) } },
    },
    async (request) => ok(await getSettings(db, requireActor(request).distributorId)),
  );

  r.put(
    '/admin/settings',
    {
      config: { access: access.module(MODULE) },
      schema: {
        tags: ['admin'],
        summary: "Saves the distributor's settings",
        body: settingsBody,
        response: { 200: envelope(settingsSchema) },
      },
    },
    async (request) => ok(await saveSettings(db, config, requireActor(request), request.body), SETTINGS_SAVED_MESSAGE),
  );

  r.post(
    '/admin/settings/logo',
    {
      config: { access: access.module(MODULE, 'edit') },
      schema: {
        tags: ['admin'],
        summary: 'Uploads a logo (multipart/form-data, one file: JPEG, PNG, WebP or GIF by its bytes, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedImageSchema) },
      },
    },
    async (request) => ok(await saveImage(config, await uploadedFile(request)), 'Logo uploaded'),
  );
}
