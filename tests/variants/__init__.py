"""
Rule-by-rule tests of the bundled variants.
"""
