import { z } from 'zod';
import {
  checkListing,
  laptopSpecsSchema,
  MAX_PHOTOS,
  productFieldsSchema,
  type ProductDetail,
} from '@reloop/shared';
import { storedPhotos, type PhotoItem } from '../../../components/photo-picker.tsx';
import { numberFromText, required } from '../../../lib/form-schemas.ts';

/**
 * The listing form's rules: the API's own (the shared product fields), read from what the
 * controls hold. Only the photo count is worded here, for a list of tiles rather than URLs.
 */
const { shape } = productFieldsSchema;
/** The API takes a listing without specs (SPEC §7's has none); the form asks for them. */
const specs = laptopSpecsSchema.shape;

/** An optional number left empty is null, "not stated"; anything typed is read as usual. */
const optionalNumberFromText = (schema: z.ZodType<number, number>) =>
  z
    .string()
    .trim()
    .transform((text) => text || undefined)
    .pipe(numberFromText(schema).optional())
    .transform((value) => value ?? null);

/** The fields the grade's battery promise ties together (`checkListing`). */
const batteryRuleFields: readonly unknown[] = ['condition', 'batteryHealth'];

export const productFormSchema = productFieldsSchema
  .pick({ name: true, location: true, mobile: true, description: true })
  .extend({
    model: specs.model,
    cpu: specs.cpu,
    resalePrice: numberFromText(shape.resalePrice),
    originalPrice: numberFromText(shape.originalPrice),
    yearOfUse: numberFromText(shape.yearOfUse),
    ramGb: numberFromText(specs.ramGb),
    storageGb: numberFromText(specs.storageGb),
    screenInches: numberFromText(specs.screenInches),
    batteryHealth: optionalNumberFromText(specs.batteryHealth.unwrap().unwrap()),
    condition: required(shape.condition),
    categoryId: required(shape.categoryId),
    photos: z
      .array(z.custom<PhotoItem>())
      .min(1, 'Add at least one photo')
      .max(MAX_PHOTOS, `Add at most ${MAX_PHOTOS} photos`),
  })
  .superRefine(
    ({ condition, batteryHealth }, context) => checkListing({ condition, batteryHealth }, context),
    // Said with the other missing fields, as soon as the grade and the battery themselves are valid.
    { when: ({ issues }) => !issues.some(({ path }) => batteryRuleFields.includes(path?.[0])) },
  );

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductForm = z.output<typeof productFormSchema>;

/** What the form sends: its fields, with the photos stored and in their chosen order. */
export type ProductListing = Omit<ProductForm, 'photos'> & { photos: string[] };

/** Every field a server 400 may name. */
export const productFormFields = productFormSchema.keyof().options;

export const emptyProductForm: ProductFormInput = {
  name: '',
  model: '',
  cpu: '',
  ramGb: '',
  storageGb: '',
  screenInches: '',
  batteryHealth: '',
  condition: '',
  categoryId: '',
  yearOfUse: '',
  resalePrice: '',
  originalPrice: '',
  location: '',
  mobile: '',
  description: '',
  photos: [],
};

/** A number as its control holds it; listings made before specs were asked for have none. */
const asText = (value: number | null) => (value === null ? '' : String(value));

/** A listing as the form shows it for editing (its seller's view, with the phone). */
export const productFormValues = (product: ProductDetail): ProductFormInput => ({
  name: product.name,
  model: product.model ?? '',
  cpu: product.cpu ?? '',
  ramGb: asText(product.ramGb),
  storageGb: asText(product.storageGb),
  screenInches: asText(product.screenInches),
  batteryHealth: asText(product.batteryHealth),
  condition: product.condition,
  categoryId: product.categoryId,
  yearOfUse: asText(product.yearOfUse),
  resalePrice: asText(product.resalePrice),
  originalPrice: asText(product.originalPrice),
  location: product.location,
  mobile: product.mobile ?? '',
  description: product.description,
  photos: storedPhotos(product.photos),
});
