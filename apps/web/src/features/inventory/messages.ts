import { joinMessages } from '@/i18n/messages';
import { partsMessages } from './parts-messages';
import { stockMessages } from './stock-messages';
import { woStockMessages } from './wo-messages';

/** The inventory feature's catalog (zh + en), split by area. */
export const inventoryMessages = joinMessages(partsMessages, stockMessages, woStockMessages);
