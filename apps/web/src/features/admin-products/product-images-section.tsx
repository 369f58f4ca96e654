// The product editor's Images section: the distributor image uploaded from here (the shared
// ImageUploadField: preview, progress, Remove), the master image as an address (an https:// address of a
// master catalogue, or an uploaded image's), the "show the distributor image" flag, and what retailers
// see by the spec's image choice rule (shared chooseProductImage), with the rule in words.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { thumbnailUrlOf } from '@portal/shared/media/media.schemas';
import { chooseProductImage } from '@portal/shared/products/products.schemas';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { ImageUploadField } from '../../components/image-upload-field';
import { full, Section, wide } from './editor-section';
import type { ProductFormValues } from './product-form';

const PREVIEW_PX = 120;

/** Which branch of the image choice rule applies, in the words the section shows under "Retailers see". */
function choiceText(show: boolean, distributor: string | null, master: string | null): string {
  if (show && distributor) return 'The distributor image';
  if (master) return show ? 'The master image (no distributor image yet)' : 'The master image';
  return 'The default image (no image set)';
}

export function ProductImagesSection({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const { control, register, formState, setValue } = form;
  const [showDistributorImage, distributorImage, masterImage] = useWatch({
    control,
    name: ['showDistributorImage', 'distributorImageUrl', 'masterImageUrl'],
  });
  const show = Boolean(showDistributorImage);
  const distributor = distributorImage?.trim() || null;
  const master = masterImage?.trim() || null;
  const shown = chooseProductImage({ showDistributorImage: show, distributorImageUrl: distributor, masterImageUrl: master });
  const { ref: masterRef, ...masterField } = register('masterImageUrl', { setValueAs: (v: string | null) => v?.trim() || null });
  const masterError = formState.errors.masterImageUrl?.message;

  return (
    <Section
      title="Images"
      hint="Retailers see the distributor image when “Show the distributor image” is on and one is uploaded, else the master image, else the default image."
    >
      <Box sx={wide}>
        <Controller
          control={control}
          name="distributorImageUrl"
          render={({ field, fieldState }) => (
            <ImageUploadField
              label="Distributor image"
              value={field.value ?? null}
              error={fieldState.error?.message}
              onChange={(url) => {
                field.onChange(url);
                // A picture just uploaded is meant to be shown; the clerk can still switch it off.
                if (url) setValue('showDistributorImage', true, { shouldDirty: true });
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="showDistributorImage"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={Boolean(field.value)} onChange={(ev) => field.onChange(ev.target.checked)} />}
              label="Show the distributor image"
            />
          )}
        />
      </Box>
      <Box sx={{ ...wide, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          label="Master image address"
          inputRef={masterRef}
          {...masterField}
          type="url"
          placeholder="https://…"
          error={Boolean(masterError)}
          helperText={masterError ?? 'From the master catalogue: an https:// address'}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <ImagePreview label="Master image" url={master} />
      </Box>
      <Box sx={{ ...full, display: 'flex', gap: 2, alignItems: 'center' }} role="group" aria-label="What retailers see">
        <ImagePreview label="Retailers see" url={shown} highlight empty="Default image" />
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Retailers see
          </Typography>
          <Typography variant="body2" color="textSecondary" data-testid="image-choice">
            {choiceText(show, distributor, master)}
          </Typography>
        </Box>
      </Box>
    </Section>
  );
}

function ImagePreview({
  label,
  url,
  highlight,
  empty = 'No image',
}: {
  label: string;
  url: string | null;
  highlight?: boolean;
  empty?: string;
}) {
  return (
    <Box
      sx={{
        width: PREVIEW_PX,
        height: PREVIEW_PX,
        flexShrink: 0,
        border: 1,
        borderColor: highlight ? 'primary.main' : 'divider',
        borderRadius: 1,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
        overflow: 'hidden',
      }}
    >
      {url ? (
        <Box
          component="img"
          src={thumbnailUrlOf(url) ?? url}
          alt={label}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <Typography variant="caption" color="textSecondary" sx={{ textAlign: 'center', px: 1 }}>
          {empty}
        </Typography>
      )}
    </Box>
  );
}
