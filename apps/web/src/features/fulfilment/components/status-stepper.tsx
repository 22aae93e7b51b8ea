import type { OrderStatus } from '@market/contracts';

/** The usual road of an order; side roads (declined, failed, cancelled) show as the current step's name. */
const road = [
  { code: 'assigned', label: 'Assigned' },
  { code: 'picked_up', label: 'Picked up' },
  { code: 'in_transit', label: 'In transit' },
  { code: 'out_for_delivery', label: 'Out for delivery' },
  { code: 'delivered', label: 'Delivered' },
];

export function StatusStepper({ status }: { status: OrderStatus }) {
  const current = road.findIndex((step) => step.code === status.code_name);
  const at = status.code_name === 'at_hub' ? 1 : current;
  return (
    <ol className="flex flex-wrap gap-1" aria-label="Delivery progress">
      {road.map((step, index) => {
        const done = at >= 0 && index <= at;
        return (
          <li
            key={step.code}
            aria-current={index === at ? 'step' : undefined}
            className={`rounded-full px-2 py-1 text-xs font-semibold ${
              done ? 'bg-emerald-700 text-white' : 'bg-slate-100 text-slate-800'
            }`}
          >
            {step.label}
          </li>
        );
      })}
      {at < 0 ? (
        <li
          aria-current="step"
          className="rounded-full bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-950"
        >
          {status.known_name}
        </li>
      ) : null}
    </ol>
  );
}
