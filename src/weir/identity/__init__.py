"""Who a caller is: the gateway as an OAuth 2.1 resource server, the principal a token stands for,
and the gateway's own credentials toward its upstream servers.

Nothing here is imported by ``import weir``: the HTTP edge loads it when ``auth:`` is configured,
and the token checks load :mod:`joserfc` (the ``oauth`` extra) only then.
"""

__all__: list[str] = []
