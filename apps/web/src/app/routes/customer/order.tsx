import { useParams } from 'react-router';
import { OrderDetail } from '../../../features/orders/components/order-detail';
import { OrderRefunds, OrderReturns } from '../../../features/returns/components/order-returns';
import { ReviewItemAction, ReviewStoreAction } from '../../../features/reviews/components/order-reviews';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/account/orders/:id`: one order with its delivery token. */
export function Component() {
  useDocumentTitle('Order');
  const { id = '' } = useParams();
  return (
    <RequireSession kind="customer">
      <OrderDetail
        id={id}
        itemAction={(order, item) => (
          <ReviewItemAction order={order} productId={item.productId} productName={item.productName} />
        )}
        footer={(order) => <ReviewStoreAction order={order} />}
        returns={(order) => (
          <>
            <OrderRefunds order={order} />
            <OrderReturns order={order} />
          </>
        )}
      />
    </RequireSession>
  );
}
