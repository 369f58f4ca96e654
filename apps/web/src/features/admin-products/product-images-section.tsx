// The product editor's Images section: the distributor image and the master image as addresses (URL
// fields) with previews, the "show the distributor image" flag, and what retailers will see by the spec's
// image choice rule (shared). Kept apart so image upload (media storage) can replace the URL fields here
// without touching the rest of the editor.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { chooseProductImage } from '@portal/shared/products/products.schemas';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { full, Section, wide } from './editor-section';
import type { ProductFormValues } from './product-form';

const URL_FIELDS = [
  { name: 'distributorImageUrl', label: 'Distributor image URL' },
  { name: 'masterImageUrl', label: 'Master image URL' },
] as const;

export function ProductImagesSection({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const { control, register, formState } = form;
  const [showDistributorImage, distributorImage, masterImage] = useWatch({
    control,
    name: ['showDistributorImage', 'distributorImageUrl', 'masterImageUrl'],
  });
  const shown = chooseProductImage({
    showDistributorImage: Boolean(showDistributorImage),
    distributorImageUrl: distributorImage?.trim() || null,
    masterImageUrl: masterImage?.trim() || null,
  });
  return (
    <Section
      title="Images"
      hint="Retailers see the distributor image when “Show the distributor image” is on and it is set, else the master image."
    >
      {URL_FIELDS.map(({ name, label }) => {
        const { ref, ...rest } = register(name, { setValueAs: (v: string | null) => v?.trim() || null });
        const message = formState.errors[name]?.message;
        return (
          <TextField
            key={name}
            label={label}
            inputRef={ref}
            {...rest}
            type="url"
            error={Boolean(message)}
            helperText={message}
            sx={wide}
          />
        );
      })}
      <Controller
        control={control}
        name="showDistributorImage"
        render={({ field }) => (
          <FormControlLabel
            sx={full}
            control={<Checkbox checked={Boolean(field.value)} onChange={(ev) => field.onChange(ev.target.checked)} />}
            label="Show the distributor image"
          />
        )}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ ...full, flexWrap: 'wrap' }} role="group" aria-label="Image previews">
        <ImagePreview label="Distributor image" url={distributorImage} />
        <ImagePreview label="Master image" url={masterImage} />
        <ImagePreview label="Retailers see" url={shown} highlight empty="The default image" />
      </Stack>
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
  url: string | null | undefined;
  highlight?: boolean;
  empty?: string;
}) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Box
        sx={{
          width: 120,
          height: 120,
          border: 1,
          borderColor: highlight ? 'primary.main' : 'divider',
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'background.default',
          overflow: 'hidden',
        }}
      >
        {url ? (
          <Box component="img" src={url} alt={label} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        ) : (
          <Typography variant="caption" color="text.secondary">
            {empty}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" color={highlight ? 'primary' : 'text.secondary'}>
        {label}
      </Typography>
    </Box>
  );
}
