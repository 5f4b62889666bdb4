import { useEffect, useState } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { DASHBOARD_CARD_LABELS, DEFAULT_DASHBOARD_CONFIGURATION, type DashboardConfiguration } from '@fieldwork/domain/company/onboarding.schemas';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { SideSheet } from '../../components/side-sheet';

type Cards = DashboardConfiguration['cards'];

function move(cards: Cards, from: number, to: number): Cards {
  const next = [...cards];
  const [item] = next.splice(from, 1);
  if (item) next.splice(to, 0, item);
  return next;
}

export type CustomiseSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cards: Cards;
  onSave: (cards: Cards) => void;
  pending: boolean;
};

/** Show, hide and reorder the dashboard's cards; saved per user and applied on every visit. */
export function CustomiseSheet({ open, onOpenChange, cards, onSave, pending }: CustomiseSheetProps) {
  const [draft, setDraft] = useState<Cards>(cards);
  const [announcement, setAnnouncement] = useState('');
  // Every opening starts from the saved configuration.
  useEffect(() => {
    if (open) {
      setDraft(cards);
      setAnnouncement('');
    }
  }, [open, cards]);

  const moveCard = (from: number, to: number) => {
    if (to < 0 || to >= draft.length) return;
    setDraft((d) => move(d, from, to));
    setAnnouncement(`${DASHBOARD_CARD_LABELS[draft[from]!.key]} moved to position ${to + 1} of ${draft.length}`);
  };
  const changed = JSON.stringify(draft) !== JSON.stringify(cards);

  return (
    <SideSheet
      open={open}
      onOpenChange={onOpenChange}
      title="Customise dashboard"
      description="Choose which cards you see and in which order."
      footer={
        <>
          <Button variant="ghost" className="mr-auto" onClick={() => setDraft(DEFAULT_DASHBOARD_CONFIGURATION.cards)} disabled={pending}>
            Reset to default
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => onSave(draft)} disabled={!changed} loading={pending}>
            Save
          </Button>
        </>
      }
    >
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol aria-label="Cards" className="space-y-1">
        {draft.map((card, index) => {
          const label = DASHBOARD_CARD_LABELS[card.key];
          const id = `dashboard-card-${card.key}`;
          return (
            <li key={card.key} className="flex items-center gap-3 rounded-md border border-border px-3 py-2">
              <Checkbox
                id={id}
                checked={card.visible}
                onCheckedChange={(visible) => setDraft((d) => d.map((c) => (c.key === card.key ? { ...c, visible } : c)))}
              />
              <label htmlFor={id} className="flex-1 text-sm text-gray-900">
                {label}
              </label>
              <Button variant="ghost" size="icon" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => moveCard(index, index - 1)}>
                <ArrowUp size={14} aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${label} down`}
                disabled={index === draft.length - 1}
                onClick={() => moveCard(index, index + 1)}
              >
                <ArrowDown size={14} aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
    </SideSheet>
  );
}
