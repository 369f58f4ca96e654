// Builds the Fastify app: platform plugins, the guard, every feature module, and the web app.
// Used by main.ts and by the tests (which call it with inject()).
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { registerGuard } from './platform/auth/guard.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './platform/errors.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerCompression } from './platform/compression.ts';
import { loggerOptions, requestLogController } from './platform/request-log.ts';
import { registerWebApp } from './platform/web-app.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { salesRoutes } from './modules/sales/sales.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { salesOrderingRoutes } from './modules/sales/sales-ordering.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { adminOrdersRoutes } from './modules/orders/admin-orders.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { receivablesRoutes } from './modules/receivables/receivables.routes.ts';
import { ledgerRoutes } from './modules/receivables/ledger.routes.ts';
import { warehouseRoutes } from './modules/warehouse/warehouse.routes.ts';
import { policiesRoutes } from './modules/policies/policies.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { vendorsRoutes } from './modules/vendors/vendors.routes.ts';
import { purchaseOrdersRoutes } from './modules/purchase-orders/purchase-orders.routes.ts';
import { retailerActionsRoutes } from './modules/retailers/retailer-actions.routes.ts';
import { retailersRoutes } from './modules/retailers/retailers.routes.ts';
import { retailerRequestsRoutes } from './modules/retailer-requests/retailer-requests.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { mediaFileRoutes, mediaRoutes } from './modules/media/media.routes.ts';
import { productImportRoutes } from './modules/product-import/product-import.routes.ts';
import { adminOrderDetailsRoutes } from './modules/orders/admin-order-details.routes.ts';
import { retailerOrderNotesRoutes } from './modules/orders/retailer-order-notes.routes.ts';
import { permissionsRoutes } from './modules/permissions/permissions.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { salesRepsRoutes } from './modules/staff/sales-reps.routes.ts';
import { supportTicketsRoutes } from './modules/support-tickets/support-tickets.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { contactRequestsRoutes } from './modules/contact/contact-requests.routes.ts';
import { storiesRoutes } from './modules/stories/stories.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { epickRoutes } from './modules/epick/epick.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { accountingExportRoutes } from './modules/accounting-export/accounting-export.routes.ts';

export interface AppDeps {
  config: Config;
  db: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
    logController: requestLogController(),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // A proxy's x-request-id is kept when it looks like an id; anything else (it is client input, logged and
    // shown in a 500's requestId) is replaced by a fresh UUID.
    requestIdHeader: false,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(sent) ? sent : crypto.randomUUID();
    },
    ajv: { customOptions: { coerceTypes: 'array' } },
    // Failures raised before any hook (bad percent-encoding, a path parameter over 100 characters, a
    // request Node's parser refuses) answer in the envelope with the security headers (errors.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Headers first: an onRequest hook that answers early (the URL length check) skips the later ones.
  registerSecurityHeaders(app);
  registerErrorHandling(app);
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Wholesale ordering portal API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' }, staticCSP: true });

  registerGuard(app, db, config.jwtSecret);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(devRoutes);
      await api.register(salesRoutes);
      await api.register(devicesRoutes);
      await api.register(salesOrderingRoutes);
      await api.register(catalogRoutes);
      await api.register(cartRoutes);
      await api.register(ordersRoutes);
      await api.register(dashboardRoutes);
      await api.register(reportsRoutes);
      await api.register(receivablesRoutes);
      await api.register(ledgerRoutes);
      await api.register(warehouseRoutes);
      await api.register(policiesRoutes);
      await api.register(contactRoutes);
      await api.register(profileRoutes);
      await api.register(calendarRoutes);
      await api.register(vendorsRoutes);
      await api.register(purchaseOrdersRoutes);
      await api.register(retailersRoutes);
      await api.register(retailerActionsRoutes);
      await api.register(retailerRequestsRoutes);
      await api.register(adminOrdersRoutes);
      await api.register(categoriesRoutes);
      await api.register(productsRoutes);
      await api.register(mediaRoutes);
      await api.register(promotionsRoutes);
      await api.register(productImportRoutes);
      await api.register(adminOrderDetailsRoutes);
      await api.register(retailerOrderNotesRoutes);
      await api.register(permissionsRoutes);
      await api.register(staffRoutes);
      await api.register(salesRepsRoutes);
      await api.register(supportTicketsRoutes);
      await api.register(settingsRoutes);
      await api.register(contactRequestsRoutes);
      await api.register(storiesRoutes);
      await api.register(notificationsRoutes);
      await api.register(pushRoutes);
      await api.register(epickRoutes);
      await api.register(webhooksRoutes);
      await api.register(accountingExportRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(mediaFileRoutes); // /media/:key, outside /api (public, cached)

  await registerWebApp(app, config.webDist);
  return app;
}
