import type { Sale, Show } from '@cinema/api-client';
import { Button, Form, FormActions, FormError, Modal, useSchemaForm } from '@cinema/ui';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { usePatchSale, useSale } from './api/sale';
import { SaleFields } from './SaleFields';
import { localInputValue, SALE_FORM_VALUES, type SaleFormValues, saleSchema } from './saleSchema';

export const SALE_SAVED = 'Sale settings saved.';
export const SALE_LOAD_ERROR = 'The sale settings could not be loaded.';

/**
 * Changes an upcoming show's sales opening time and high-demand flag (PATCH onsale/{id}/;
 * docs/decisions/0031-on-sale-waiting-room.md). The current settings are read when it opens.
 */
export function SaleSettingsDialog({
  show,
  open,
  onClose,
}: {
  show: Show;
  open: boolean;
  onClose: () => void;
}) {
  const sale = useSale(show.id, { enabled: open });
  let body = <p>Loading sale settings...</p>;
  if (sale.isError) body = <FormError message={SALE_LOAD_ERROR} />;
  else if (sale.data) body = <SaleForm show={show} sale={sale.data} onDone={onClose} />;
  return (
    <Modal open={open} title={`Sale settings: ${show.movie_name}`} onClose={onClose}>
      {body}
    </Modal>
  );
}

function SaleForm({ show, sale, onDone }: { show: Show; sale: Sale; onDone: () => void }) {
  const initial: SaleFormValues = {
    ...SALE_FORM_VALUES,
    sales_open_at: localInputValue(sale.sales_open_at),
    high_demand: sale.high_demand ? 'yes' : '',
  };
  const form = useSchemaForm(initial);
  const patch = usePatchSale(show.id);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const change = form.validate(saleSchema(initial, new Date(show.starts_at)));
    if (!change) return;
    // Nothing changed: nothing to send.
    if (Object.keys(change).length === 0) return onDone();
    patch.mutate(change, {
      onSuccess: () => {
        toast.success(SALE_SAVED);
        onDone();
      },
      // An opening time the server refuses names its field; a show that started, the form.
      onError: (error) => form.showServerError(error),
    });
  }

  return (
    <Form onSubmit={handleSubmit} aria-label="Sale settings">
      <SaleFields
        openingLabel="Sales open at"
        opening={form.field('sales_open_at')}
        highDemand={form.values.high_demand === 'yes'}
        onHighDemandChange={(checked) => form.setValue('high_demand', checked ? 'yes' : '')}
      />
      <FormError message={form.formError} />
      <FormActions>
        <Button type="submit" busy={patch.isPending} busyLabel="Saving...">
          Save
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </FormActions>
    </Form>
  );
}
