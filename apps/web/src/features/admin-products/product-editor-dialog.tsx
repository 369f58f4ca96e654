// "New product" and "Edit product": a full-height dialog (the whole screen on a phone) with the product's
// sections: identity, packaging, prices and quantity tiers, flags for retailers and for reps, limits and
// stock, UPCs, images. Checked with the API's own body schema (shared), so the messages match the
// server's; the server's field messages land on their fields, anything else on an error toast.
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/AddCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { AppModal } from '../../components/app-modal';
import { FormModal } from '../../components/form-modal';
import { ErrorState } from '../../components/list-states';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import type { Category } from '../categories/categories.types';
import type { VendorRow } from '../vendors/vendors.types';
import {
  PRODUCT_FAILED,
  PRODUCT_SAVE_FAILED,
  useCreateProductMutation,
  useGetAdminProductQuery,
  useUpdateProductMutation,
} from './admin-products.api';
import type { ProductDetail } from './admin-products.types';
import { full, Section, wide } from './editor-section';
import { ProductImagesSection } from './product-images-section';
import {
  emptyProductValues,
  FLAG_GROUPS,
  productForm,
  productValuesOf,
  type ProductFormOutput,
  type ProductFormValues,
} from './product-form';

/** Under Price 2–5: an unset level falls back to Price 1 (docs/ordering.md "Prices"). */
const LEVEL_HINT = 'Blank or 0: pays Price 1';

interface Props {
  /** null: a new product. Mounted per opening (keyed by the caller). */
  productId: string | null;
  categories: readonly Category[];
  vendors: readonly VendorRow[];
  onClose: () => void;
}

export function ProductEditorDialog(props: Props) {
  const { productId, onClose } = props;
  const loaded = useGetAdminProductQuery(productId ?? '', { skip: !productId, refetchOnMountOrArgChange: true });
  if (productId && !loaded.data) {
    return (
      <AppModal open onClose={onClose} title="Edit product" size="xxl" fullHeight>
        {loaded.isError ? (
          <ErrorState message={errorMessage(loaded.error, PRODUCT_FAILED)} onRetry={() => void loaded.refetch()} />
        ) : (
          <Stack spacing={2} aria-label="Loading the product" aria-busy>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={120} />
            ))}
          </Stack>
        )}
      </AppModal>
    );
  }
  return <ProductEditorForm {...props} product={loaded.data ?? null} />;
}

function ProductEditorForm({ product, categories, vendors, onClose }: Props & { product: ProductDetail | null }) {
  const [create, created] = useCreateProductMutation();
  const [update, updated] = useUpdateProductMutation();
  const busy = created.isLoading || updated.isLoading;
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productForm),
    defaultValues: product ? productValuesOf(product) : emptyProductValues(),
  });
  const { register, control, handleSubmit, formState, setError, setValue } = form;
  const e = formState.errors;
  // The two lists (tiers, UPCs) without useFieldArray: it would grow the react-hook-form chunk the sign-in
  // screens share (page-weight budgets). A removal remounts the list's inputs so each shows its new value.
  const tierList = useWatch({ control, name: 'qtyDiscounts' });
  const upcList = useWatch({ control, name: 'upcs' });
  const [listVersion, setListVersion] = useState(0);
  const removeAt = (name: 'qtyDiscounts' | 'upcs', i: number) => {
    const next = form.getValues(name).filter((_, j) => j !== i);
    setValue(name, next as never, { shouldDirty: true });
    setListVersion((v) => v + 1);
  };

  // A new category leaves a subcategory of the old one behind: clear it.
  const categoryId = useWatch({ control, name: 'categoryId' });
  const category = categories.find((c) => c.id === categoryId);
  const subcategoryId = useWatch({ control, name: 'subcategoryId' });
  useEffect(() => {
    if (subcategoryId && !category?.subcategories.some((s) => s.id === subcategoryId)) setValue('subcategoryId', null);
  }, [category, subcategoryId, setValue]);

  /**
   * A field bound to the form, its error message under it. `number`: a whole or decimal count (empty is
   * none); `amount`: dollars or percent as typed (the schema converts); `numeric`: digits (UPCs).
   */
  const field = (
    name: FieldPath<ProductFormValues>,
    label: string,
    opts: {
      number?: boolean;
      amount?: boolean;
      numeric?: boolean;
      required?: boolean;
      hint?: string;
      step?: number;
      sx?: object;
    } = {},
  ) => {
    const { ref, ...rest } = register(name, opts.number ? { setValueAs: numberOrNull } : undefined);
    const message = errorAt(e, name);
    const inputMode = opts.amount ? 'decimal' : opts.numeric ? 'numeric' : undefined;
    return (
      <TextField
        label={label}
        inputRef={ref}
        {...rest}
        error={Boolean(message)}
        helperText={message ?? opts.hint}
        required={opts.required}
        type={opts.number ? 'number' : 'text'}
        slotProps={{ htmlInput: { step: opts.number ? (opts.step ?? 'any') : undefined, inputMode } }}
        sx={opts.sx}
      />
    );
  };

  // The resolver's output is the API body: amounts already in cents and basis points.
  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = product ? await update({ id: product.id, body }).unwrap() : await create(body).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      const data = (err as { status?: unknown; data?: { error?: { fields?: Record<string, string> } } }) ?? {};
      const fields = data.data?.error?.fields ?? {};
      let onField = false;
      for (const [name, message] of Object.entries(fields)) {
        setError(name as FieldPath<ProductFormValues>, { message });
        onField = true;
      }
      // A duplicate item number or UPC (409) is about those fields; the server names which in its message.
      if (data.status === 409 && !onField) {
        setError('itemNumber', { message: errorMessage(err, PRODUCT_SAVE_FAILED) });
        onField = true;
      }
      if (!onField) notify.error(errorMessage(err, PRODUCT_SAVE_FAILED));
    }
  });

  return (
    <FormModal
      title={product ? `Edit product ${product.itemNumber}` : 'New product'}
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={busy}
      submitLabel={product ? 'Save' : 'Create product'}
      size="xxl"
      fullHeight
      spacing={3}
    >
      {Object.keys(e).length && formState.isSubmitted ? (
        <Alert severity="error" role="alert">
          Check the highlighted fields.
        </Alert>
      ) : null}

      <Section title="Identity">
        {field('itemNumber', 'Item number', { required: true })}
        {field('description', 'Description', { required: true, sx: wide })}
        {field('brand', 'Brand')}
        <Controller
          control={control}
          name="categoryId"
          render={({ field: f }) => (
            <NativeSelect
              label="Category"
              value={f.value ?? ''}
              onChange={(v) => f.onChange(v || null)}
              error={errorAt(e, 'categoryId')}
            >
              <option value="">No category</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        <Controller
          control={control}
          name="subcategoryId"
          render={({ field: f }) => (
            <NativeSelect
              label="Subcategory"
              value={f.value ?? ''}
              onChange={(v) => f.onChange(v || null)}
              disabled={!category?.subcategories.length}
              error={errorAt(e, 'subcategoryId')}
            >
              <option value="">No subcategory</option>
              {(category?.subcategories ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        <Controller
          control={control}
          name="vendorId"
          render={({ field: f }) => (
            <NativeSelect
              label="Vendor"
              value={f.value ?? ''}
              onChange={(v) => f.onChange(v || null)}
              error={errorAt(e, 'vendorId')}
            >
              <option value="">No vendor</option>
              {withCurrent(vendors, product).map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                  {v.isActive ? '' : ' (inactive)'}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        {field('salesCategory', 'Sales category')}
        {field('location', 'Aisle / location', { hint: 'Where pickers find it, e.g. A-12; pick lists can sort by it' })}
      </Section>

      <Section title="Packaging">
        {field('pack', 'Pack', { number: true, step: 1 })}
        {field('caseCount', 'Case count', { number: true, step: 1 })}
        {field('uom', 'Unit of measure')}
        {field('unitOunces', 'Unit ounces', { number: true })}
        {field('size', 'Size')}
      </Section>

      <Section
        title="Prices and quantity tiers"
        hint="Price 1 is what retailers pay unless their price class says another level. A level left blank or 0 pays Price 1."
      >
        {field('price1Cents', 'Price 1 ($)', { amount: true, required: true })}
        {field('price2Cents', 'Price 2 ($)', { amount: true, hint: LEVEL_HINT })}
        {field('price3Cents', 'Price 3 ($)', { amount: true, hint: LEVEL_HINT })}
        {field('price4Cents', 'Price 4 ($)', { amount: true, hint: LEVEL_HINT })}
        {field('price5Cents', 'Price 5 ($)', { amount: true, hint: LEVEL_HINT })}
        {field('taxRateBp', 'Tax rate (%)', { amount: true })}
        {field('crvCents', 'CRV ($)', { amount: true })}
        <Box sx={full}>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            Quantity discount tiers
          </Typography>
          <Stack spacing={1.5} role="list" aria-label="Quantity discount tiers">
            {tierList.map((_tier, i) => (
              <Stack key={`${listVersion}-${i}`} direction="row" spacing={1.5} role="listitem" sx={{ alignItems: 'flex-start' }}>
                {field(`qtyDiscounts.${i}.minQty`, 'From quantity', { number: true, step: 1, sx: { flex: 1 } })}
                {field(`qtyDiscounts.${i}.discountCents`, 'Discount per unit ($)', { amount: true, sx: { flex: 1 } })}
                <IconButton aria-label={`Remove tier ${i + 1}`} onClick={() => removeAt('qtyDiscounts', i)} sx={{ mt: 1 }}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          {errorAt(e, 'qtyDiscounts') ? (
            <Typography color="error" variant="caption" role="alert">
              {errorAt(e, 'qtyDiscounts')}
            </Typography>
          ) : null}
          <Button
            startIcon={<AddIcon />}
            onClick={() =>
              setValue('qtyDiscounts', [...form.getValues('qtyDiscounts'), { minQty: '', discountCents: '' }] as never)
            }
            sx={{ mt: 1 }}
          >
            Add a tier
          </Button>
        </Box>
      </Section>

      {FLAG_GROUPS.map((group) => (
        <Section key={group.title} title={group.title} hint={group.hint}>
          <FormGroup sx={full}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
              {group.flags.map((flag) => (
                <Controller
                  key={flag.name}
                  control={control}
                  name={flag.name}
                  render={({ field: f }) => (
                    <FormControlLabel
                      control={<Checkbox checked={Boolean(f.value)} onChange={(ev) => f.onChange(ev.target.checked)} />}
                      label={flag.label}
                    />
                  )}
                />
              ))}
            </Box>
          </FormGroup>
        </Section>
      ))}

      <Section title="Limits and stock">
        {field('productLimit', 'Product limit (per order)', { number: true, step: 1, hint: 'Empty: no limit' })}
        {field('stockOnHand', 'Stock on hand', { number: true, step: 1 })}
        {field('lowStockThreshold', 'Low stock from (units)', { number: true, step: 1, hint: 'Low stock at this many or fewer' })}
      </Section>

      <Section title="UPCs" hint="Every barcode this item is scanned by.">
        <Stack spacing={1.5} sx={full} role="list" aria-label="UPCs">
          {upcList.map((_upc, i) => (
            <Stack
              key={`${listVersion}-${i}`}
              direction="row"
              spacing={1.5}
              role="listitem"
              sx={{ alignItems: 'flex-start', maxWidth: 480 }}
            >
              {field(`upcs.${i}`, `UPC ${i + 1}`, { sx: { flex: 1 }, numeric: true })}
              <IconButton aria-label={`Remove UPC ${i + 1}`} onClick={() => removeAt('upcs', i)} sx={{ mt: 1 }}>
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => setValue('upcs', [...form.getValues('upcs'), ''] as never)}>
              Add a UPC
            </Button>
          </Box>
        </Stack>
      </Section>

      {/* Images: their own section (product-images-section.tsx): the distributor image is uploaded there. */}
      <ProductImagesSection form={form} />
    </FormModal>
  );
}

function NativeSelect({
  label,
  value,
  onChange,
  children,
  disabled,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
  error?: string;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      disabled={disabled}
      onChange={(ev) => onChange(ev.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {children}
    </TextField>
  );
}

/** Empty number inputs are "none"; anything else is the number typed. */
function numberOrNull(v: unknown): number | null {
  if (v === '' || v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isNaN(n) ? null : n;
}

/** The message at a dotted path of react-hook-form's errors (also an array's own message). */
function errorAt(errors: object, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  const n = node as { message?: string; root?: { message?: string } } | undefined;
  return n?.message ?? n?.root?.message;
}

/** The vendors offered, with the product's own vendor kept even when the list does not hold it. */
function withCurrent(
  vendors: readonly VendorRow[],
  product: ProductDetail | null,
): Pick<VendorRow, 'id' | 'name' | 'isActive'>[] {
  if (!product?.vendorId || !product.vendor || vendors.some((v) => v.id === product.vendorId)) return [...vendors];
  return [{ id: product.vendorId, name: product.vendor, isActive: true }, ...vendors];
}
