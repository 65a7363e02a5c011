"""Trust scores and checks, pure and table-tested (issue 10). Nothing here can be bought:
every number comes from what counterparts did and said.

* `scores`: the shown rating (Bayesian, recency- and rater-weighted), the ranking share
  (Wilson lower bound), rater weights, identity levels, and which ratings show.
* `checks`: rating rings, the credit-code check character, too-good-to-be-true prices.
* `summary`: the facts a trust line shows, from the user and their trust events.
"""
