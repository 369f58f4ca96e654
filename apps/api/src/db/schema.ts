// Table types for Kysely. Row types stay inside the API: services map them to our own shapes,
// and routes map those to the spec's field names. Conventions: text ids, integer cents,
// booleans as integer 0/1, times as ISO-8601 UTC text.

import type { Generated } from 'kysely';

type Bool = number; // 0 or 1
type Time = string; // ISO-8601 UTC

export interface DistributorTable {
  id: string;
  name: string;
  company_name: string;
  email: string | null;
  phone: string | null;
  addr1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  logo_url: string | null;
  created_at: Time;
}

export interface WarehouseTable {
  id: string;
  distributor_id: string;
  name: string;
  addr1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  is_default: Bool;
}

export interface SalesRepTable {
  id: string;
  distributor_id: string;
  code: string;
  name: string;
  email: string | null;
  phone: string | null;
  is_active: Bool;
}

export interface CustomerTable {
  id: string;
  distributor_id: string;
  warehouse_id: string | null;
  c_number: string;
  contact_name: string;
  company_name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  balance_cents: number;
  order_day: number; // 0 none, 1..7 Monday..Sunday, 8 other
  route_number: string | null;
  stop_number: string | null;
  sales_rep_id: string | null;
  price_level: number; // 1..5, picks products.price{n}_cents
  min_order_cents: number | null;
  item_limit_qty: number | null;
  /** standard: the distributor's delivery charge setting; waived: none; flat: delivery_charge_cents. */
  delivery_charge_rule: Generated<'standard' | 'waived' | 'flat'>;
  delivery_charge_cents: number | null;
  credit_limit_cents: number | null;
  /** 0029: none (limit shown only), warn (the cart warns), hold (an order over the limit waits on_hold). */
  credit_policy: Generated<'none' | 'warn' | 'hold'>;
  is_tax_exempt: Generated<Bool>;
  notes: string | null;
  is_active: Bool;
  created_at: Time;
  /** Days after an invoice that it falls due (0028; Net 30 by default). */
  payment_terms_days: Generated<number>;
  /** Sum of the store's positive ledger entries, kept by a trigger (0028). bigint: a string on PostgreSQL. */
  ledger_debits_cents: Generated<number | string>;
}

export interface DistributorRoleTable {
  id: string;
  distributor_id: string;
  name: string;
  description: string | null;
  is_system: Bool;
  created_at: Time;
  /** staff (office users) or sales (reps) (0017). */
  kind: Generated<'staff' | 'sales'>;
  /** An owner role holds every action on every staff module; its grants are not stored (0017). */
  is_owner: Generated<Bool>;
  /** Last change of name, description or grants (0017). */
  updated_at: Time | null;
}

export interface RolePermissionTable {
  role_id: string;
  module: string;
  can_view: Bool;
  can_add: Bool;
  can_edit: Bool;
  can_delete: Bool;
  can_export: Generated<Bool>;
  can_approve: Generated<Bool>;
}

export interface UserTable {
  id: string;
  distributor_id: string;
  role: 'distributor' | 'retailer' | 'sales';
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  name: string;
  customer_id: string | null;
  sales_rep_id: string | null;
  distributor_role_id: string | null;
  is_active: Bool;
  created_at: Time;
  updated_at: Time;
}

export interface SessionTable {
  id: string;
  user_id: string;
  device_type: string | null;
  device_name: string | null;
  device_id: string | null;
  ip: string | null;
  user_agent: string | null;
  current_customer_id: string | null;
  created_at: Time;
  last_seen_at: Time;
  revoked_at: Time | null;
  /** 1 when the user had never signed in from this device before (migration 0019). */
  is_new_device: Generated<Bool>;
}

/** The devices a user has signed in from (migration 0019): a sign-in from another one is new. */
export interface UserDeviceTable {
  user_id: string;
  /** deviceKey() of modules/devices: `id:<x-device-id>`, else `ua:<device name>|<user agent>`. */
  device_key: string;
  first_seen_at: Time;
}

export interface OtpCodeTable {
  id: string;
  purpose: 'login' | 'signup' | 'reset';
  target: string;
  code_hash: string;
  attempts: number;
  expires_at: Time;
  consumed_at: Time | null;
  created_at: Time;
}

export interface OutboxMessageTable {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  status: 'pending' | 'sent' | 'logged' | 'failed';
  error: string | null;
  created_at: Time;
  sent_at: Time | null;
  /** The From header (0021): the distributor's e-mail sender when queued; null uses SMTP_URL's default. */
  sender?: string | null;
}

export interface CategoryTable {
  id: string;
  distributor_id: string;
  name: string;
  parent_id: string | null;
  sort_order: number;
}

export interface VendorTable {
  id: string;
  distributor_id: string;
  name: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  is_active: Bool;
  created_at: Time;
}

export interface ProductTable {
  id: string;
  distributor_id: string;
  item_number: string;
  description: string;
  brand: string | null;
  category_id: string | null;
  subcategory_id: string | null;
  vendor_id: string | null;
  sales_category: string | null;
  pack: number;
  case_count: number;
  uom: string;
  unit_ounces: number; // real
  size: string | null;
  price1_cents: number;
  price2_cents: number;
  price3_cents: number;
  price4_cents: number;
  price5_cents: number;
  tax_rate_bp: number; // basis points: 825 = 8.25 %
  crv_cents: number; // per unit
  stock_on_hand: number;
  allow_backorder: Bool;
  low_stock_threshold: number;
  show_inventory_stock: Bool;
  show_low_stock: Bool;
  show_without_price: Bool;
  allow_to_order: Bool;
  show_inventory_stock_to_sales: Bool;
  show_low_stock_to_sales: Bool;
  show_without_price_to_sales: Bool;
  allow_to_order_sales: Bool;
  product_limit: number | null;
  is_new_item: Bool;
  show_distributor_image: Bool;
  distributor_image_url: string | null;
  master_image_url: string | null;
  is_active: Bool;
  search_text: string; // unused since 0006 (search runs over the in-memory catalogue)
  created_at: Time;
  updated_at: Time;
  /** The distributor's catalogue version at the product's last shown change (set by triggers, 0006). */
  version: Generated<number>;
  /** Epoch milliseconds of the last stock change (set by a trigger, 0006). */
  stock_changed_at: Generated<number>;
  /** Aisle/bin where pickers find it (0031): free text, sorted numeric-aware on the pick list. */
  location?: string | null;
}

/** Per distributor: bumped by triggers on every catalogue write (0006). */
export interface CatalogVersionTable {
  distributor_id: string;
  /** Products, their UPCs and tiers. */
  version: Generated<number>;
  /** Promotions, categories, vendors. */
  lists_version: Generated<number>;
}

/** Products deleted outright, with the version their deletion made (0006). */
export interface CatalogDeletedTable {
  distributor_id: string;
  product_id: string;
  version: number;
}

export interface ProductUpcTable {
  upc: string;
  product_id: string;
}

export interface ProductQtyDiscountTable {
  id: string;
  product_id: string;
  min_qty: number;
  discount_cents: number; // off the unit price from min_qty up
}

/**
 * A promotion (0007): a percent or fixed-amount discount and/or a promoted mark on its targets
 * (promotion_targets), for its audience (promotion_audience), between its dates.
 * kind, product_id and discount_bp are the legacy form the catalogue still reads: the promotions
 * service fills them when the promotion can be said that way (one product, everyone, percent only or
 * promoted only), else kind is 'rule' and the catalogue ignores the row until it reads the rules.
 */
export interface PromotionTable {
  id: string;
  distributor_id: string;
  title: string;
  description: string | null;
  kind: 'discount' | 'promoted' | 'rule';
  product_id: string | null;
  discount_bp: number | null; // legacy: percent off in basis points
  image_url: string | null;
  starts_at: Time;
  ends_at: Time | null;
  is_active: Bool;
  created_at: Time;
  discount_type: 'percent' | 'amount' | null;
  discount_value: number | null; // percent: basis points; amount: cents off the unit price
  is_promoted: Bool;
  audience: 'all' | 'customers' | 'priceLevels' | 'routes';
  updated_at: Time | null;
}

export interface PromotionTargetTable {
  promotion_id: string;
  target_type: 'product' | 'category' | 'brand' | 'vendor';
  target_value: string; // product, category or vendor id; brand name
}

/** The chosen customers (ids), price levels ('1'..'5') or route numbers of a promotion. */
export interface PromotionAudienceTable {
  promotion_id: string;
  audience_value: string;
}

export interface BannerTable {
  id: string;
  distributor_id: string;
  title: string;
  description: string | null;
  image_url: string;
  link_url: string | null;
  audience: 'all' | 'customers' | 'priceLevels' | 'routes';
  starts_at: Time;
  ends_at: Time | null;
  is_active: Bool;
  created_at: Time;
  updated_at: Time | null;
}

export interface BannerAudienceTable {
  banner_id: string;
  audience_value: string;
}

export interface CartItemTable {
  id: string;
  customer_id: string;
  user_id: string;
  product_id: string;
  quantity: number;
  created_at: Time;
  updated_at: Time;
}

export interface OrderTable {
  id: string;
  order_number: string;
  distributor_id: string;
  customer_id: string;
  placed_by_user_id: string;
  placed_by_role: 'retailer' | 'sales' | 'distributor';
  status: 'on_hold' | 'placed' | 'confirmed' | 'picking' | 'out_for_delivery' | 'delivered' | 'cancelled';
  notes: string | null;
  po_number: string | null;
  requested_delivery_date: string | null;
  subtotal_cents: number;
  tax_cents: number;
  crv_cents: number;
  delivery_charge_cents: number;
  total_cents: number;
  item_count: number;
  is_web_order: Bool;
  idempotency_key: string | null;
  created_at: Time;
  updated_at: Time;
  /** The office's edits of the lines (0015): 0 as placed (the default; optional so inserts may leave it out). */
  revision?: number;
  /** 0030: placed after its order day's cut-off and held for approval (late-orders queue). */
  late?: Bool;
}

export interface OrderLineTable {
  id: string;
  order_id: string;
  line_no: number;
  product_id: string;
  item_number: string;
  description: string;
  upc: string | null;
  pack: number;
  uom: string;
  quantity: number;
  unit_price_cents: number;
  tax_rate_bp: number;
  tax_cents: number;
  crv_cents: number;
  line_total_cents: number;
}

export interface OrderStatusHistoryTable {
  id: string;
  order_id: string;
  status: OrderTable['status'];
  note: string | null;
  created_by_user_id: string | null;
  created_at: Time;
}

/** One short pick of an order line (0031): ordered vs picked, the reason, who and when. */
export interface OrderShortPickTable {
  id: string;
  order_id: string;
  line_no: number;
  product_id: string;
  item_number: string;
  description: string;
  ordered_quantity: number;
  picked_quantity: number;
  reason: string;
  note: string | null;
  created_by_user_id: string | null;
  created_by_name: string;
  created_at: Time;
}

/** A staff user's saved filter set of the order queue (filters: JSON of the list's filters). */
export interface SavedOrderViewTable {
  id: string;
  distributor_id: string;
  user_id: string;
  name: string;
  filters: string;
  created_at: Time;
  updated_at: Time;
}

export interface SequenceTable {
  name: string;
  value: number;
}

/** A note in one order's thread between staff and the store (0015). */
export interface OrderNoteTable {
  id: string;
  order_id: string;
  author_user_id: string | null;
  author_name: string;
  author_side: 'staff' | 'store';
  body: string;
  created_at: Time;
}

/**
 * A notification (0024): composed by the office (kind message) or sent by the system (order status,
 * sign-up approved, ticket reply, order reminder); scheduled until the job sends it, then sent.
 */
export interface NotificationTable {
  id: string;
  distributor_id: string;
  kind: 'message' | 'orderStatus' | 'signupApproved' | 'ticketReply' | 'orderReminder';
  title: string;
  body: string;
  /** A page of the retailer area it opens, or null. */
  url: string | null;
  audience_type: 'all' | 'routes' | 'orderDays' | 'customers';
  status: 'scheduled' | 'sent' | 'cancelled';
  send_at: Time;
  sent_at: Time | null;
  created_by_user_id: string | null;
  created_at: Time;
  /** Unique when set: a system event (a reminder for one store and order date) is created once. */
  dedupe_key: string | null;
}

/** The chosen routes, order days ('1'..'7') or customer ids of a notification. */
export interface NotificationAudienceTable {
  notification_id: string;
  audience_value: string;
}

/** One recipient's inbox row: its own read mark and soft delete. */
export interface NotificationRecipientTable {
  notification_id: string;
  user_id: string;
  is_read: Bool;
  read_at: Time | null;
  deleted_at: Time | null;
  /** The notification's sent_at: the retailer's list sorts by it. */
  created_at: Time;
}

/** A browser's Web Push subscription (0025): re-sent on every app open, so last_seen_at shows it is alive. */
export interface PushSubscriptionTable {
  id: string;
  user_id: string;
  session_id: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Time;
  last_seen_at: Time;
}

/** A kind of notification a user switched on or off for push (0025); no row: on. */
export interface PushPreferenceTable {
  user_id: string;
  kind: string;
  /** The kind comes by push. */
  enabled: Bool;
  /** The kind also comes by e-mail (0035; default 0). */
  email: Generated<Bool>;
  updated_at: Time;
}

/** One push to one subscription (0025), sent by the push worker (modules/push). */
export interface PushJobTable {
  id: string;
  subscription_id: string | null;
  notification_id: string | null;
  payload: string; // JSON of PushPayload
  attempts: number;
  next_attempt_at: Time;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'gone' | 'dropped';
  claim_token: string | null;
  claimed_at: Time | null;
  last_error: string | null;
  created_at: Time;
  finished_at: Time | null;
}

/** A distributor's webhook endpoint (0034, modules/webhooks). */
export interface WebhookEndpointTable {
  id: string;
  distributor_id: string;
  url: string;
  description: string | null;
  events: string; // JSON array of event names
  secret_encrypted: string;
  secret_hint: string;
  is_active: Bool;
  created_at: Time;
  updated_at: Time;
}

/** One event to one endpoint (0034), sent by the webhook worker. */
export interface WebhookDeliveryTable {
  id: string;
  endpoint_id: string;
  distributor_id: string;
  event: string;
  event_id: string;
  payload: string; // the JSON body sent
  is_test: Bool;
  status: 'queued' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Time;
  claim_token: string | null;
  claimed_at: Time | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Time;
  finished_at: Time | null;
}

/** How many subscriptions accepted each notification's push (0025). */
export interface PushDeliveredTable {
  notification_id: string;
  delivered: number;
}

export interface StoryTable {
  id: string;
  distributor_id: string;
  media_type: 'image' | 'video';
  media_url: string;
  caption: string | null;
  is_active: Bool;
  created_by_user_id: string | null;
  created_at: Time;
  starts_at: Time;
  /** null: runs until switched off. */
  ends_at: Time | null;
  audience: Generated<'all' | 'routes' | 'orderDays' | 'customers'>;
  product_id: string | null;
  promotion_id: string | null;
  /** Soft delete (the office's Delete Story): is_active is 0 too; views are kept. */
  deleted_at: Time | null;
  updated_at: Time | null;
}

/** The chosen routes, order days ('1'..'7') or customer ids of a story. */
export interface StoryAudienceTable {
  story_id: string;
  audience_value: string;
}

export interface StoryViewTable {
  story_id: string;
  user_id: string;
  viewed_at: Time;
}

export interface SupportTicketTable {
  id: string;
  distributor_id: string;
  customer_id: string | null;
  user_id: string;
  subject: string;
  /** open: waiting for staff; pending: waiting for the store; resolved (see support-tickets.schemas). */
  status: 'open' | 'pending' | 'resolved';
  /** Unused: written 'normal' (0001 made it required). */
  priority: 'low' | 'normal' | 'high';
  created_at: Time;
  /** The last message or change: the lists sort by it. */
  updated_at: Time;
  /** Per distributor, from 1001 (0020). */
  number: number;
  category: string;
  assignee_user_id: string | null;
  /** Who wrote the last message. */
  last_side: 'store' | 'staff';
  message_count: number;
  resolved_at: Time | null;
}

export interface SupportMessageTable {
  id: string;
  ticket_id: string;
  author_user_id: string;
  body: string;
  created_at: Time;
  side: 'store' | 'staff';
}

/** A file attached to a ticket's message; ticket_id and message_id are null until a message takes it. */
export interface SupportAttachmentTable {
  id: string;
  distributor_id: string;
  uploaded_by_user_id: string;
  ticket_id: string | null;
  message_id: string | null;
  /** The media storage key (private: never served under /media/). */
  storage_key: string;
  file_name: string;
  content_type: string;
  bytes: number;
  created_at: Time;
}

export interface RetailerRequestTable {
  id: string;
  distributor_id: string;
  store_name: string;
  owner_name: string;
  email: string;
  phone: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  password_hash: string | null;
  status: 'unverified' | 'pending' | 'approved' | 'rejected';
  notes: string | null;
  customer_id: string | null;
  verified_at: Time | null;
  reviewed_by_user_id: string | null;
  reviewed_at: Time | null;
  created_at: Time;
  /** Why staff rejected it (0016); the applicant receives it. */
  reject_reason: string | null;
  /** The staff user who added it in the office (0016); null when it came from /auth/signup. */
  created_by_user_id: string | null;
  /** Last change by staff (0016). */
  updated_at: Time | null;
}

export interface SettingTable {
  distributor_id: string;
  key: string;
  value: string; // JSON
  updated_at: Time;
}

export interface PolicyTable {
  id: string;
  distributor_id: string;
  kind: 'terms' | 'privacy' | 'disclaimer' | 'return' | 'license' | 'software-license';
  title: string;
  body: string;
  updated_at: Time;
  /** The current version's number (0021); its text is the latest row of policy_versions. */
  version?: number;
}

/** Every save of a policy text (0021): numbered per (distributor, kind), with its author. */
export interface PolicyVersionTable {
  id: string;
  distributor_id: string;
  kind: PolicyTable['kind'];
  version: number;
  title: string;
  body: string;
  created_by_user_id: string | null;
  /** Copied in, so the history names the author after a rename or removal. */
  created_by_name: string | null;
  created_at: Time;
}

export interface CalendarEntryTable {
  id: string;
  distributor_id: string;
  title: string;
  description: string | null;
  starts_at: Time;
  ends_at: Time | null;
  all_day: Bool;
  customer_id: string | null;
  sales_rep_id: string | null;
  created_at: Time;
  /** 0030: event (the default), delivery, holiday, promotion or note; optional so inserts may leave it out. */
  kind?: string;
  /** 0030: the route it is for; null: every route. */
  route_number?: string | null;
  /** 0030: a holiday's shift, before or after. */
  shift?: string | null;
  /** 0030: first and last local date (YYYY-MM-DD) of a delivery, holiday, promotion or note. */
  entry_date?: string | null;
  end_date?: string | null;
}

/** 0030: a route's cut-off time (HH:MM, distributor's time zone) and delivery lead for one order day. */
export interface RouteCutoffTable {
  distributor_id: string;
  route_number: string;
  order_day: number;
  cutoff_time: string;
  delivery_offset_days: number;
  updated_at: Time;
}

export interface EpickSettingTable {
  distributor_id: string;
  config: string; // JSON
  updated_at: Time;
}

export interface ReceivableEntryTable {
  id: string;
  customer_id: string;
  kind: 'invoice' | 'payment' | 'credit' | 'adjustment';
  order_id: string | null;
  reference: string;
  amount_cents: number; // positive raises what the customer owes, negative lowers it
  note: string | null;
  created_at: Time;
  /** Debits only: YYYY-MM-DD the debit falls due, set by a trigger from the store's terms (0028). */
  due_on: Generated<string | null>;
  /** Debits only: the store's debits up to and including this one, set by a trigger (0028). */
  debit_through_cents: Generated<number | string | null>;
  /** Payments: cash, check, card, transfer or other (0028). */
  method: Generated<string | null>;
  /** Entries the office records: who recorded them (0028). */
  recorded_by_user_id: Generated<string | null>;
}

export interface ContactRequestTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  created_at: Time;
  // 0003: where it came from (customer and user only for a signed-in retailer's message).
  distributor_id: string | null;
  customer_id: string | null;
  user_id: string | null;
  store_name: string | null;
  // 0021: the office's review (optional so inserts may leave them out).
  status?: 'new' | 'handled' | 'converted';
  handled_by_user_id?: string | null;
  handled_at?: Time | null;
  /** The sign-up request it was converted into. */
  retailer_request_id?: string | null;
  /** The support ticket it was converted into. */
  ticket_id?: string | null;
}

export interface ProductImportTable {
  id: string;
  distributor_id: string;
  user_id: string;
  file_name: string;
  header_json: string;
  layout_key: string;
  rows_json: string;
  preview_json: string;
  row_count: number;
  mapping_json: string | null;
  status: 'uploaded' | 'applying' | 'applied' | 'failed' | 'rolling_back' | 'rolled_back';
  processed: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  rejected_count: number;
  rejected_json: string;
  error: string | null;
  created_at: Time;
  applied_at: Time | null;
  rolled_back_at: Time | null;
  /** When the import's apply or rollback job last committed a batch (0010). */
  heartbeat_at: Time | null;
}

export interface ProductImportMappingTable {
  distributor_id: string;
  layout_key: string;
  mapping_json: string;
  updated_at: Time;
}

export interface ProductImportChangeTable {
  import_id: string;
  seq: number;
  product_id: string;
  action: 'created' | 'updated';
  before_json: string | null;
}

export interface AuditLogTable {
  id: string;
  distributor_id: string;
  entity_type: string;
  entity_id: string;
  action: string;
  actor_user_id: string | null;
  actor_name: string | null;
  /** JSON array of { field, before, after }. */
  changes_json: string;
  created_at: Time;
}

/** A purchase order to a vendor (0032); status draft → issued → partially_received → received, or cancelled. */
export interface PurchaseOrderTable {
  id: string;
  distributor_id: string;
  po_number: string;
  vendor_id: string;
  status: 'draft' | 'issued' | 'partially_received' | 'received' | 'cancelled';
  notes: string | null;
  expected_date: string | null;
  total_cents: number;
  created_by_user_id: string;
  created_at: Time;
  updated_at: Time;
  issued_at: Time | null;
  received_at: Time | null;
}

export interface PurchaseOrderLineTable {
  id: string;
  purchase_order_id: string;
  line_no: number;
  product_id: string;
  item_number: string;
  description: string;
  quantity_ordered: number;
  quantity_received: number;
  unit_cost_cents: number;
}

export interface PurchaseOrderReceiptTable {
  id: string;
  purchase_order_id: string;
  received_by_user_id: string;
  received_at: Time;
}

export interface PurchaseOrderReceiptLineTable {
  receipt_id: string;
  line_id: string;
  quantity: number;
}

export interface Database {
  distributors: DistributorTable;
  warehouses: WarehouseTable;
  sales_reps: SalesRepTable;
  customers: CustomerTable;
  distributor_roles: DistributorRoleTable;
  role_permissions: RolePermissionTable;
  users: UserTable;
  sessions: SessionTable;
  user_devices: UserDeviceTable;
  otp_codes: OtpCodeTable;
  outbox_messages: OutboxMessageTable;
  categories: CategoryTable;
  vendors: VendorTable;
  products: ProductTable;
  catalog_versions: CatalogVersionTable;
  catalog_deleted: CatalogDeletedTable;
  product_upcs: ProductUpcTable;
  product_qty_discounts: ProductQtyDiscountTable;
  promotions: PromotionTable;
  promotion_targets: PromotionTargetTable;
  promotion_audience: PromotionAudienceTable;
  banners: BannerTable;
  banner_audience: BannerAudienceTable;
  cart_items: CartItemTable;
  order_notes: OrderNoteTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_status_history: OrderStatusHistoryTable;
  order_short_picks: OrderShortPickTable;
  sequences: SequenceTable;
  saved_order_views: SavedOrderViewTable;
  notifications: NotificationTable;
  notification_audience: NotificationAudienceTable;
  notification_recipients: NotificationRecipientTable;
  push_subscriptions: PushSubscriptionTable;
  push_preferences: PushPreferenceTable;
  push_jobs: PushJobTable;
  push_delivered: PushDeliveredTable;
  stories: StoryTable;
  story_views: StoryViewTable;
  story_audience: StoryAudienceTable;
  support_tickets: SupportTicketTable;
  support_messages: SupportMessageTable;
  support_attachments: SupportAttachmentTable;
  retailer_requests: RetailerRequestTable;
  settings: SettingTable;
  policies: PolicyTable;
  calendar_entries: CalendarEntryTable;
  route_cutoffs: RouteCutoffTable;
  epick_settings: EpickSettingTable;
  receivable_entries: ReceivableEntryTable;
  contact_requests: ContactRequestTable;
  policy_versions: PolicyVersionTable;
  product_imports: ProductImportTable;
  product_import_mappings: ProductImportMappingTable;
  product_import_changes: ProductImportChangeTable;
  audit_log: AuditLogTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  purchase_orders: PurchaseOrderTable;
  purchase_order_lines: PurchaseOrderLineTable;
  purchase_order_receipts: PurchaseOrderReceiptTable;
  purchase_order_receipt_lines: PurchaseOrderReceiptLineTable;
  sales_daily: SalesDailyTable;
  sales_daily_stores: SalesDailyStoreTable;
  sales_daily_products: SalesDailyProductTable;
  sales_monthly_stores: SalesMonthlyStoreTable;
  sales_monthly_products: SalesMonthlyProductTable;
  sales_summary_state: SalesSummaryStateTable;
}

/** Orders per distributor, local day and current status (0033; docs/admin-dashboard.md "Freshness"). */
export interface SalesDailyTable {
  distributor_id: string;
  day: string;
  status: OrderTable['status'];
  orders: number;
  total_cents: number;
  quantity: number;
}

/** Orders per distributor, local day and store, orders other than cancelled only (0033). */
export interface SalesDailyStoreTable {
  distributor_id: string;
  day: string;
  customer_id: string;
  orders: number;
  total_cents: number;
  quantity: number;
}

/** Order lines per distributor, local day and product, orders other than cancelled only (0033). */
export interface SalesDailyProductTable {
  distributor_id: string;
  day: string;
  product_id: string;
  orders: number;
  quantity: number;
  line_cents: number;
}

/** The store rows of sales_daily_stores summed per local month (YYYY-MM) (0040). */
export type SalesMonthlyStoreTable = Omit<SalesDailyStoreTable, 'day'> & { month: string };

/** The product rows of sales_daily_products summed per local month (YYYY-MM) (0040). */
export type SalesMonthlyProductTable = Omit<SalesDailyProductTable, 'day'> & { month: string };

/** The time zone a distributor's sales roll-ups were cut in; no row = not built yet (0033). */
export interface SalesSummaryStateTable {
  distributor_id: string;
  time_zone: string;
  built_at: string;
}
