'use client';

import { PART_CATEGORIES, type TCreatePartRequest, type TPartCategory } from '@amms/contracts/inventory';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { BackLink } from '@/components/detail';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Checkbox, FormActions, SelectField, TextAreaField, TextField } from '@/components/ui/form';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formErrors, issueWords } from '@/lib/form-errors';
import { yuanToFen } from '@/lib/money';
import { orgPath } from '@/lib/nav';
import { useFormState } from '@/lib/use-form-state';
import { inventoryMessages } from './messages';
import { useCreatePart } from './mutations';

const EMPTY = {
  partNumber: '',
  makerPartNumber: '',
  maker: '',
  nameZh: '',
  nameEn: '',
  unit: '个',
  category: '',
  barcode: '',
  supplier: '',
  supplierPrice: '',
  supplierLead: '',
  notes: '',
};

const opt = (s: string) => s.trim() || null;

/**
 * A new part. The API's answers land on their fields: PART_NUMBER_TAKEN on the part number,
 * BARCODE_TAKEN on the barcode, validation issues by path (suppliers.0.priceMinor → the price).
 */
export function PartForm({ orgId }: { orgId: string }) {
  const m = useMessages(inventoryMessages).form;
  const cat = useMessages(inventoryMessages).category;
  const { locale } = useI18n();
  const router = useRouter();
  const { form, bind } = useFormState(EMPTY);
  const [pieces, setPieces] = useState(true);
  const [local, setLocal] = useState<Record<string, string>>({});
  const create = useCreatePart(orgId, (p) => router.push(orgPath(orgId, `inventory/parts/${p.id}`)));
  const api = formErrors(create.error, {
    issue: issueWords(locale),
    codes: { PART_NUMBER_TAKEN: ['partNumber', m.partNumberTaken], BARCODE_TAKEN: ['barcode', m.barcodeTaken] },
  });
  const errors: Record<string, string> = {
    ...api,
    supplierPrice: api['suppliers.0.priceMinor'] ?? '',
    supplierLead: api['suppliers.0.leadTimeDays'] ?? '',
    supplier: api['suppliers.0.name'] ?? '',
    ...local,
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const hasSupplier = form.supplier.trim() !== '';
    const price = hasSupplier ? yuanToFen(form.supplierPrice) : null;
    const lead = Number(form.supplierLead);
    if (hasSupplier && (price === null || form.supplierLead.trim() === '' || !Number.isInteger(lead))) {
      setLocal({ supplier: m.supplierIncomplete });
      return;
    }
    setLocal({});
    const body: TCreatePartRequest = {
      partNumber: form.partNumber,
      makerPartNumber: opt(form.makerPartNumber),
      maker: opt(form.maker),
      nameZh: form.nameZh,
      nameEn: opt(form.nameEn),
      unit: form.unit,
      countedInPieces: pieces,
      category: form.category as TPartCategory,
      barcode: opt(form.barcode),
      compatibleModelIds: [],
      notes: opt(form.notes),
      suppliers: hasSupplier ? [{ name: form.supplier, priceMinor: price!, leadTimeDays: lead, preferred: true }] : [],
    };
    create.mutate(body);
  };
  const shownError = create.error && Object.keys(api).length === 0 ? create.error : null;

  return (
    <div className="space-y-4">
      <BackLink href={orgPath(orgId, 'inventory')}>{m.back}</BackLink>
      <Card id="part-form" title={m.title} className="max-w-3xl">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={m.partNumber} {...bind('partNumber', errors)} required maxLength={100} />
            <SelectField label={m.category} {...bind('category', errors)} required>
              <option value="">{m.chooseCategory}</option>
              {PART_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {cat[c]}
                </option>
              ))}
            </SelectField>
            <TextField label={m.nameZh} {...bind('nameZh', errors)} required maxLength={200} />
            <TextField label={m.nameEn} {...bind('nameEn', errors)} maxLength={200} />
            <TextField label={m.maker} {...bind('maker', errors)} maxLength={100} />
            <TextField label={m.makerPartNumber} {...bind('makerPartNumber', errors)} maxLength={100} />
            <TextField label={m.unit} {...bind('unit', errors)} required maxLength={20} />
            <TextField label={m.barcode} hint={m.barcodeHint} {...bind('barcode', errors)} maxLength={200} />
          </div>
          <Checkbox label={m.countedInPieces} checked={pieces} onChange={setPieces} />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label={m.supplier} {...bind('supplier', errors)} maxLength={200} />
            <TextField
              label={m.supplierPrice}
              inputMode="decimal"
              {...bind('supplierPrice', errors)}
              placeholder="0.00"
            />
            <TextField label={m.supplierLead} inputMode="numeric" {...bind('supplierLead', errors)} />
          </div>
          <TextAreaField label={m.notes} {...bind('notes', errors)} rows={2} maxLength={2000} />
          <ErrorAlert error={shownError} />
          <FormActions cancelLabel={m.cancel} onCancel={() => router.push(orgPath(orgId, 'inventory'))}>
            <Button type="submit" pending={create.isPending}>
              {m.save}
            </Button>
          </FormActions>
        </form>
      </Card>
    </div>
  );
}
