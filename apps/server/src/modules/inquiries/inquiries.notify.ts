import type { TextRef } from '@concord/shared';
import { text } from '@concord/shared';
import type { TellDeps } from '../../platform/services.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { type QuotationRow, supplierQuotationLink } from '../quotations/quotations.common.ts';

/** What a step leaves for the suppliers to be told once it has committed. */
export interface Notes {
  quotations: QuotationRow[];
  title: (party: string) => TextRef;
  content?: TextRef;
}

/** Tells each supplier on the network about its own quotation; a note never names another supplier. */
export async function tellSuppliers(deps: TellDeps, buyerTenantId: string, notes: Notes[]): Promise<void> {
  const party = await nameOf(deps.db, buyerTenantId);
  await tellParty(
    deps,
    'order',
    notes.flatMap((n) =>
      n.quotations
        .filter((q) => q.supplierTenantId)
        .map((q) => ({
          tenantId: q.supplierTenantId!,
          title: n.title(party),
          content: n.content,
          link: supplierQuotationLink(q.id),
        })),
    ),
  );
}

export const partyStep = (step: TextRef) => (party: string) => text('inquiries.partyStep', { party, step });
