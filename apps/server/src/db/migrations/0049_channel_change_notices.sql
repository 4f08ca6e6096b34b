-- A memo topic (see 0010): a tenant's connected channels, which every provider webhook reads to
-- check its signature and every inbound message to route it. A change of any kind (saved by an
-- administrator, a token refreshed, a provider's verdict) makes every instance read them again.
CREATE TRIGGER "channels_channels_change" AFTER INSERT OR UPDATE OR DELETE ON "channels"
  FOR EACH ROW EXECUTE FUNCTION "notify_tenant_change"('channels');
